/**
 * `/article/:id` and `/page/:id`: published content for visitors. The tab title is the
 * content's title; the body was sanitized by the server and is sanitized again here, so no
 * script reaches the page even from a row written straight into the database.
 */

import { composeTitle, Logo, NotFound } from '@portico/web-sdk/page';
import { useSiteConfig } from '@portico/web-sdk/stores';
import { timeFormat } from '@portico/web-sdk/time';
import { Spin } from 'antd';
import DOMPurify from 'dompurify';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { type ContentKind, type PublicContent, publicContent } from '../api';
import './public-page.css';

type State =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'ready'; content: PublicContent; siteName: string };

export default function ContentPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const kind: ContentKind = pathname.startsWith('/page/') ? 'page' : 'article';
  const [state, setState] = useState<State>({ status: 'loading' });
  const homeUrl = useSiteConfig((s) => s.homeUrl);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    publicContent(kind, id)
      .then((res) => {
        if (!live) return;
        const { content, siteName, homeUrl, timeZone } = res.data;
        // The page is outside both areas: what they would load about the site comes with the content.
        useSiteConfig.getState().set({ siteName, homeUrl, timeZone });
        setState({ status: 'ready', content, siteName });
        document.title = composeTitle(content.title, siteName);
      })
      .catch(() => {
        if (live) setState({ status: 'missing' });
      });
    return () => {
      live = false;
    };
  }, [kind, id]);

  if (state.status === 'missing') return <NotFound />;
  if (state.status === 'loading') return <Spin className="ba-content-loading" />;
  const { content, siteName } = state;
  return (
    <div className="ba-content-page">
      <header className="ba-frontend-header">
        <a className="ba-frontend-brand" href={homeUrl}>
          <Logo />
          <span>{siteName}</span>
        </a>
      </header>
      <main className="ba-content-main">
        <article>
          <h1 className="ba-content-title">{content.title}</h1>
          {kind === 'article' && content.create_time ? (
            <div className="ba-content-meta">
              {t('content.content.Published on {time}', {
                time: timeFormat(content.create_time, 'yyyy-mm-dd'),
              })}
            </div>
          ) : null}
          <div
            className="ba-content-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server and by DOMPurify here.
            dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(content.body) }}
          />
        </article>
      </main>
    </div>
  );
}
