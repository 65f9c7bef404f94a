/** Command output as the terminal sends it: whole lines, UTF-8, no terminal control. */
import { expect, it } from 'vitest';
import { looksLikePrompt, OutputLines } from '../../src/terminal/output-lines.js';

function collect(chunks: Buffer[]): string[] {
  const lines: string[] = [];
  const output = new OutputLines((line) => lines.push(line));
  for (const chunk of chunks) output.push(chunk);
  output.flush();
  return lines;
}

it('joins lines split between writes, even inside a character or a \\r\\n', () => {
  const text = Buffer.from('première ligne\r\n第二行\n');
  const cuts = [3, 11, 15, 16, 19];
  const chunks = [0, ...cuts].map((start, i) => text.subarray(start, cuts[i] ?? text.length));
  expect(collect(chunks)).toEqual(['première ligne', '第二行']);
});

it('reads GB18030 output as such, and drops colours, cursor moves and blank lines', () => {
  const gbk = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0x0a]); // 中文
  const ansi = Buffer.from(
    '\x1b[1m\x1b[31mred\x1b[39m\x1b[22m\n\x1b[2K\x1b[1Gprogress 50%\rprogress 100%\n\n  \n',
  );
  expect(collect([gbk, ansi])).toEqual(['中文', 'red', 'progress 50%', 'progress 100%']);
});

it('sends a line that never ends in bounded pieces', () => {
  const lines = collect([Buffer.alloc(40 * 1024, 'a')]);
  expect(lines.length).toBe(3);
  expect(lines.every((line) => line.length <= 16 * 1024)).toBe(true);
  expect(lines.join('')).toHaveLength(40 * 1024);
});

it('takes questions for prompts, not ordinary output', () => {
  for (const prompt of [
    'Continue? (Y/n) ',
    'Remove files [y/N]:',
    'Ok to proceed? (y) ',
    '? Pick a framework',
    'Proceed (yes/no)?',
  ]) {
    expect(looksLikePrompt(prompt), prompt).toBe(true);
  }
  for (const output of ['added 3 packages in 2s', 'building...', '', 'What does y/n mean here']) {
    expect(looksLikePrompt(output), output).toBe(false);
  }
});
