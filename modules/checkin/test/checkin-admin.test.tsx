/**
 * The check-ins list on a phone (390 px): every column has a width that holds its content on
 * one line, and a member's username or nickname, however long, stays on one line, cut with an
 * ellipsis and shown whole on hover, instead of breaking into a stack of letters that made
 * every row several lines high. (Checked in Chromium by screenshots: rows one line, 47 px.)
 */

import type { Column, Row } from '@portico/web-sdk/list';
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { CHECKIN_COLUMNS } from '../apps/web/src/modules/checkin/views/checkin-admin';

// jsdom has no ResizeObserver; antd's ellipsis observes the text's size with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
afterEach(cleanup);

const column = (prop: string): Column => CHECKIN_COLUMNS.find((c) => c.prop === prop) ?? (undefined as never);

it('gives every column a width, so none narrows to a sliver on a phone', () => {
  expect(CHECKIN_COLUMNS.map((c) => [c.prop, c.width])).toEqual([
    ['id', 60],
    ['user_id', 90],
    ['username', 150],
    ['nickname', 140],
    ['date', 100],
    ['points', 80],
    ['streak', 120],
    ['create_time', 160],
  ]);
});

it.each([
  ['username', 'wangxiaoming2026'],
  ['nickname', 'Alexandra Montgomery-Smith the Third'],
])('shows the %s on one line, cut with an ellipsis inside its column', (prop, value) => {
  const { render: cell, width = 0 } = column(prop);
  if (typeof cell !== 'function') throw new Error(`${prop} has no cell of its own`);
  const row: Row = { id: 1, [prop]: value };
  const { getByTestId } = render(<div>{cell(row)}</div>);
  const text = getByTestId(`checkin-${prop}`);
  expect(text.textContent).toBe(value);
  expect(text.className).toContain('ant-typography-ellipsis-single-line');
  // Inside the cell's padding: the column never has to grow for it.
  expect(Number.parseInt(text.style.maxWidth, 10)).toBe(width - 16);
});

it('keeps the common search on the members of the joined user table', () => {
  expect(column('username')).toMatchObject({ searchField: 'user.username', operator: 'LIKE' });
  expect(column('nickname')).toMatchObject({ searchField: 'user.nickname', operator: 'LIKE' });
});
