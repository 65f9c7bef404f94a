/** The shell's pure rules: greeting boundaries, titles, sidebar widths, loading round trip, storage keys. */
import { describe, expect, it } from 'vitest';
import { loadingTarget, replayTarget } from '../src/router/to-loading';
import { useAdminInfo } from '../src/stores/admin-info';
import { useConfig } from '../src/stores/config';
import { useNavTabs } from '../src/stores/nav-tabs';
import { useUserInfo } from '../src/stores/user-info';
import { greetingKeys } from '../src/utils/greet';
import { sidebarWidth } from '../src/utils/layout';
import { composeTitle } from '../src/utils/title';

describe('greeting by hour', () => {
  const at = (hour: number, minute: number) => greetingKeys(new Date(2026, 0, 1, hour, minute).getHours());
  it.each([
    [4, 59, 'utils.Late at night, pay attention to your body!'],
    [5, 0, 'utils.good morning!'],
    [8, 59, 'utils.good morning!'],
    [9, 0, 'utils.Good morning!'],
    [11, 59, 'utils.Good morning!'],
    [12, 0, 'utils.Good noon!'],
    [13, 59, 'utils.Good noon!'],
    [14, 0, 'utils.good afternoon'],
    [17, 59, 'utils.good afternoon'],
    [18, 0, 'utils.Good evening'],
    [23, 59, 'utils.Good evening'],
  ])('%i:%i greets with %s', (hour, minute, key) => {
    expect(at(hour, minute)[0]).toBe(key);
  });

  it('adds the welcome except late at night', () => {
    expect(at(3, 0)).toHaveLength(1);
    expect(at(10, 0)).toEqual(['utils.Good morning!', 'utils.welcome back']);
  });
});

describe('page title', () => {
  it('appends the site name when one is configured', () => {
    expect(composeTitle('Login', 'My Site')).toBe('Login - My Site');
    expect(composeTitle('Login', '')).toBe('Login');
    expect(composeTitle('', 'My Site')).toBe('My Site');
  });
});

describe('sidebar width', () => {
  it('is the menu width expanded, 64 collapsed, 0 shrunk and collapsed', () => {
    expect(sidebarWidth({ menuCollapse: false, shrink: false, menuWidth: 260 })).toBe(260);
    expect(sidebarWidth({ menuCollapse: false, shrink: true, menuWidth: 300 })).toBe(300);
    expect(sidebarWidth({ menuCollapse: true, shrink: false, menuWidth: 260 })).toBe(64);
    expect(sidebarWidth({ menuCollapse: true, shrink: true, menuWidth: 260 })).toBe(0);
  });
});

describe('loading route round trip', () => {
  it('carries the path and the query as JSON text, and replays them', () => {
    const target = loadingTarget('admin', '/admin/auth/admin', '?x=1&name=a%20b');
    const url = new URL(target, 'http://localhost');
    expect(url.pathname).toBe('/admin/loading');
    expect(url.searchParams.get('url')).toBe('/admin/auth/admin');
    expect(JSON.parse(url.searchParams.get('query') ?? '')).toEqual({ x: '1', name: 'a b' });
    expect(replayTarget(url.search, '/admin')).toEqual({ path: '/admin/auth/admin', search: 'x=1&name=a+b' });
  });

  it('goes to the first menu for the bare area, a foreign path or a broken query', () => {
    expect(replayTarget('', '/admin')).toBeNull();
    expect(replayTarget(`?url=${encodeURIComponent('/admin')}`, '/admin')).toBeNull();
    expect(replayTarget(`?url=${encodeURIComponent('https://evil.example/admin/x')}`, '/admin')).toBeNull();
    expect(replayTarget(`?url=${encodeURIComponent('/admin/x')}&query=%7Bbroken`, '/admin')).toEqual({
      path: '/admin/x',
      search: '',
    });
  });
});

describe('storage keys', () => {
  it('persists under the keys of the specification', () => {
    useConfig.getState().setLayout('isDark', true);
    useAdminInfo.getState().setToken('abc', 'auth');
    useUserInfo.getState().setToken('def', 'auth');
    useNavTabs.getState().setTabFullScreen(true);
    expect(JSON.parse(localStorage.getItem('storeConfig_v2') ?? '{}').state.layout.isDark).toBe(true);
    expect(JSON.parse(localStorage.getItem('adminInfo') ?? '{}').state.token).toBe('abc');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}').state.token).toBe('def');
    expect(JSON.parse(localStorage.getItem('storeTabViewConfig') ?? '{}').state).toEqual({
      tabFullScreen: true,
    });
  });

  it('switching to Classic with default colours gives the active tab the page background, and back', () => {
    const { setLayoutMode } = useConfig.getState();
    setLayoutMode('Classic');
    expect(useConfig.getState().layout.headerBarTabActiveBackground).toEqual(['#f5f5f5', '#141414']);
    setLayoutMode('Default');
    expect(useConfig.getState().layout.headerBarTabActiveBackground).toEqual(['#ffffff', '#1d1e1f']);
  });
});

describe('embedded pages', () => {
  it('embeds web addresses and paths of this site, never scripts or other schemes', async () => {
    const { embeddableUrl } = await import('../src/components/iframe-page');
    expect(embeddableUrl(encodeURIComponent('https://example.com/a?b=1'))).toBe('https://example.com/a?b=1');
    expect(embeddableUrl(encodeURIComponent('/admin/help'))).toBe('/admin/help');
    expect(embeddableUrl(encodeURIComponent('javascript:alert(1)'))).toBeNull();
    expect(embeddableUrl(encodeURIComponent('//evil.example/x'))).toBeNull();
    expect(embeddableUrl('%E0%A4%A')).toBeNull();
  });
});
