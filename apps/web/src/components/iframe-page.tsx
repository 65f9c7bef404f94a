/** An embedded page (iframe menus and /admin/iframe/{url}), with a loading mask until it loads. */
import { Spin } from 'antd';
import { useState } from 'react';

export function IframePage({ url }: { url: string }) {
  const [loading, setLoading] = useState(true);
  return (
    <Spin spinning={loading}>
      <iframe
        src={url}
        title={url}
        onLoad={() => setLoading(false)}
        style={{ width: '100%', height: 'calc(100vh - 120px)', border: 0, display: 'block' }}
      />
    </Spin>
  );
}

/** Only web addresses and paths of this site may be embedded from a URL. */
export function embeddableUrl(encoded: string): string | null {
  let url: string;
  try {
    url = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//')) ? url : null;
}
