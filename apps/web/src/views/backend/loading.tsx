/**
 * `/admin/loading`: loads menus and routes, then replays the deep link that brought the
 * visitor here (`url` and `query`) or opens the first menu. Without any page to show it
 * stays on the loading mask and offers Reload after a few seconds.
 */
import { Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { bootAdmin } from '../../router/admin-boot';
import { replayTarget } from '../../router/to-loading';
import { useAdminInfo } from '../../stores/admin-info';

const RELOAD_AFTER_MS = 6000;

export default function AdminLoading() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const token = useAdminInfo((s) => s.token);
  const [offerReload, setOfferReload] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: boots once per visit of this route.
  useEffect(() => {
    if (!token) {
      void navigate('/admin/login', { replace: true });
      return;
    }
    let alive = true;
    const timer = setTimeout(() => setOfferReload(true), RELOAD_AFTER_MS);
    bootAdmin()
      .then((first) => {
        if (!alive) return;
        const target = replayTarget(search, '/admin');
        if (target)
          void navigate(target.search ? `${target.path}?${target.search}` : target.path, { replace: true });
        else if (first) void navigate(first.path, { replace: true });
      })
      .catch(() => {
        // The request layer has told the user; the Reload offer remains.
      });
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, []);

  return (
    <div style={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" description={t('utils.Loading')}>
        <div style={{ width: 200, height: 120 }} />
      </Spin>
      {offerReload && (
        <Button
          type="primary"
          danger
          style={{ position: 'absolute', marginTop: 160 }}
          onClick={() => location.reload()}
        >
          {t('utils.Reload')}
        </Button>
      )}
    </div>
  );
}
