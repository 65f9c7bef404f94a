/** The admin log's secret masking: which keys, at what depth, in URLs, and in stored rows. */
import { describe, expect, it } from 'vitest';
import {
  MASK,
  maskLoggedUrl,
  maskSecrets,
  maskStoredData,
  maskUrl,
  URL_COLUMN_LENGTH,
} from '../../src/util/mask-secrets.js';
import { isSecretKey, isVerificationRoute, keyWords } from '../../src/util/secret-keys.js';

const plain = { verificationRoute: false };

describe('secret keys', () => {
  it('splits keys into words in every notation', () => {
    expect(keyWords('accessKeyId')).toEqual(['access', 'key', 'id']);
    expect(keyWords('AccessKeySecret')).toEqual(['access', 'key', 'secret']);
    expect(keyWords('SMTPPass')).toEqual(['smtp', 'pass']);
    expect(keyWords('row[smtp_pass]')).toEqual(['row', 'smtp', 'pass']);
    expect(keyWords('x-api-key')).toEqual(['x', 'api', 'key']);
    expect(keyWords('pass2')).toEqual(['pass', '2']);
  });

  it.each([
    'password',
    'pass',
    'pwd',
    'secret',
    'token',
    'salt',
    'captcha',
    'key',
    'smtp_pass',
    'smtpPass',
    'SMTP_PASS',
    'apiKey',
    'api_key',
    'apikey',
    'x-api-key',
    'access_key',
    'accessKeyId',
    'accesskeyid',
    'AccessKeySecret',
    'access_key_secret',
    'appsecret',
    'APP_SECRET',
    'captchaId',
    'captchaInfo',
    'refreshToken',
    'refresh_token',
    'accountVerificationToken',
    'tokens',
    'oldPassword',
    'newpassword',
    'signature',
    'credentials',
    'Authorization',
    'row[smtp_pass]',
    'sms_code',
    'emailCode',
    'verify_code',
    'smscode',
    'vcode',
  ])('masks %s', (key) => {
    expect(isSecretKey(key)).toBe(true);
  });

  it.each([
    'username',
    'nickname',
    'keyword',
    'keywords',
    'monkey',
    'passage',
    'keepalive',
    'sortKey',
    'primary_key',
    'template_code',
    'area_code',
    'country_code',
    'smtp_user',
    'smtp_verification',
    'sms_provider',
    'quickSearch',
  ])('keeps %s readable', (key) => {
    expect(isSecretKey(key)).toBe(false);
  });

  it('treats sign-in and code routes as verification routes', () => {
    expect(isVerificationRoute('/admin/index/login?x=1')).toBe(true);
    expect(isVerificationRoute('/api/Sms/send')).toBe(true);
    expect(isVerificationRoute('/admin/auth.Admin/edit')).toBe(false);
  });
});

describe('maskSecrets', () => {
  it('masks at any depth, a structured secret whole, and keeps blanks and switches', () => {
    const data = {
      a: [{ b: { c: [{ token: 'x' }] } }],
      password: { old: 'x', new: 'y' },
      smtp_pass: '',
      admin_login_captcha: false,
      user: { name: 'kept' },
    };
    expect(maskSecrets(data, plain)).toEqual({
      a: [{ b: { c: [{ token: MASK }] } }],
      password: MASK,
      smtp_pass: '',
      admin_login_captcha: false,
      user: { name: 'kept' },
    });
  });

  it('masks a bare code by its shape, or always on a verification route', () => {
    expect(maskSecrets({ code: '012345' }, plain)).toEqual({ code: MASK });
    expect(maskSecrets({ code: 482913 }, plain)).toEqual({ code: MASK });
    expect(maskSecrets({ code: 'zh-cn' }, plain)).toEqual({ code: 'zh-cn' });
    expect(maskSecrets({ code: 'zh-cn' }, { verificationRoute: true })).toEqual({ code: MASK });
  });

  it('judges a labelled pair by its label', () => {
    expect(
      maskSecrets(
        [
          { key: 'smtp_pass', value: 'x' },
          { name: 'site', value: 'kept' },
          { field: 'password', val: 'x', operator: '=' },
        ],
        plain,
      ),
    ).toEqual([
      { key: 'smtp_pass', value: MASK },
      { name: 'site', value: 'kept' },
      { field: 'password', val: MASK, operator: '=' },
    ]);
  });

  it('keeps only the origin of a gateway URL', () => {
    expect(maskSecrets({ sms_http_url: 'https://u:p@gw.example.com:8443/k/send?x=1' }, plain)).toEqual({
      sms_http_url: `https://gw.example.com:8443/${MASK}`,
    });
    expect(maskSecrets({ sms_http_url: 'gw.example.com/send?key=1' }, plain)).toEqual({ sms_http_url: MASK });
  });

  it('masks credentials in URLs held by harmless keys', () => {
    expect(maskSecrets({ cdn_url: 'https://user:pw@cdn.example.com/a?sign=s&v=2' }, plain)).toEqual({
      cdn_url: `https://${MASK}@cdn.example.com/a?sign=${MASK}&v=2`,
    });
  });

  it('returns the very same value when nothing needs masking, and masks idempotently', () => {
    const clean = { a: [1, { b: 'c' }], url: 'https://example.com/?page=1' };
    expect(maskSecrets(clean, plain)).toBe(clean);
    const once = maskSecrets({ password: 'x', list: [{ sms_http_url: 'https://gw.example.com/a' }] }, plain);
    expect(maskSecrets(once, plain)).toBe(once);
  });

  it('masks a value nested deeper than any request can be whole', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 20; i++) deep = { next: deep };
    expect(JSON.stringify(maskSecrets(deep, plain))).toContain(MASK);
  });
});

describe('URLs', () => {
  it('masks secret query parameters and keeps the others as they were written', () => {
    expect(maskUrl('/admin/a/b?password=p%40ss&lang=en&token=t&q=a+b&flag', plain)).toBe(
      `/admin/a/b?password=${MASK}&lang=en&token=${MASK}&q=a+b&flag`,
    );
    expect(maskUrl('/admin/a/b?row%5Bsmtp_pass%5D=x&keyword=pass', plain)).toBe(
      `/admin/a/b?row%5Bsmtp_pass%5D=${MASK}&keyword=pass`,
    );
    expect(maskUrl('https://app.example.com/cb#access_token=t&state=s', plain)).toBe(
      `https://app.example.com/cb#access_token=${MASK}&state=s`,
    );
  });

  it('masks a URL nested in a query parameter', () => {
    expect(maskUrl(`/x?next=${encodeURIComponent('https://h.example.com/?token=t&a=1')}`, plain)).toBe(
      `/x?next=${encodeURIComponent(`https://h.example.com/?token=${MASK}&a=1`)}`,
    );
  });

  it("keeps the logged URL within the column's length", () => {
    const url = `/admin/a/b?${'p=1&'.repeat(500)}token=x`;
    const logged = maskLoggedUrl(url);
    expect(logged.length).toBe(URL_COLUMN_LENGTH);
    expect(logged).toContain('p=1&p=1');
    expect(
      maskLoggedUrl(`/admin/a/b?token=x&${'p=1&'.repeat(500)}`).startsWith(`/admin/a/b?token=${MASK}&`),
    ).toBe(true);
  });
});

describe('stored rows', () => {
  it('rewrites JSON only when it changes, and replaces unreadable text naming a secret', () => {
    const escaped = '{"title":"\\u7ba1\\/x"}';
    expect(maskStoredData(escaped, '/admin/a/b')).toBe(escaped);
    expect(maskStoredData('{"pwd":"x"}', '/admin/a/b')).toBe(`{"pwd":"${MASK}"}`);
    expect(maskStoredData('{"a":{"token":"x"', '/admin/a/b')).toBe(MASK);
    expect(maskStoredData('a=1&password=x', '/admin/a/b')).toBe(MASK);
    expect(maskStoredData('plain words', '/admin/a/b')).toBe('plain words');
    expect(maskStoredData(null, '/admin/a/b')).toBeNull();
  });
});
