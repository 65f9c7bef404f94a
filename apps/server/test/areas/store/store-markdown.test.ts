/** Module descriptions: the markdown subset the store renders, and nothing active surviving it. */
import { expect, it } from 'vitest';
import { markdownToHtml, renderDescription } from '../../../src/areas/store/markdown.js';

it('renders headings, paragraphs, lists, quotes, code and inline formatting', () => {
  const html = markdownToHtml(
    [
      '## Features',
      'Fast *and* **small**, ~~old~~ `a < b`.',
      '',
      '1. one',
      '2. two',
      '',
      '> quoted',
      '',
      '```',
      '<b>code</b>',
      '```',
      '[docs](https://example.com/docs) ![logo](/storage/logo.png)',
    ].join('\n'),
  );
  expect(html).toBe(
    [
      '<h2>Features</h2>',
      '<p>Fast <em>and</em> <strong>small</strong>, <del>old</del> <code>a &lt; b</code>.</p>',
      '<ol><li>one</li><li>two</li></ol>',
      '<blockquote><p>quoted</p></blockquote>',
      '<pre><code>&lt;b&gt;code&lt;/b&gt;</code></pre>',
      '<p><a href="https://example.com/docs">docs</a> <img src="/storage/logo.png" alt="logo"></p>',
    ].join('\n'),
  );
});

it('keeps markup, scripts and unsafe links out of the page', async () => {
  const html = await renderDescription(
    '<img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](//evil.example) ![z](data:image/png;base64,AA) "<0>"',
  );
  // Written markup stays text; links and images only to http(s) or this site.
  expect(html).not.toMatch(/<[^>]*onerror|href="javascript|href="\/\/evil|src="data:/);
  expect(html).toContain('<a href="#">y</a>');
  expect(html).toContain('<img src="#" alt="z">');
  expect(html).toContain('&lt;0&gt;');
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(html).toContain('<a href="#">x</a>');
  expect(await renderDescription(null)).toBe('');
});
