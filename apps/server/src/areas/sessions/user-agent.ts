/**
 * A User-Agent shortened to what a person recognises their device by ("Chrome on Windows"),
 * for the list of signed-in sessions. Only the common browsers and systems; anything else is
 * '' and shows as an unknown device. Order matters: Edge, Opera and Samsung's browser also
 * say Chrome, and Chrome also says Safari.
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bYaBrowser\//, 'Yandex'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface Device {
  /** 'Chrome', 'Safari'…; '' when not recognised. */
  browser: string;
  /** 'Windows', 'iPhone'…; '' when not recognised. */
  os: string;
}

export function deviceOf(userAgent: string): Device {
  const find = (list: [RegExp, string][]) => list.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '';
  return { browser: find(BROWSERS), os: find(SYSTEMS) };
}

/** "Chrome on Windows", "Chrome", "Windows"; '' when neither is recognised. */
export function deviceName({ browser, os }: Device): string {
  return browser && os ? `${browser} on ${os}` : browser || os;
}
