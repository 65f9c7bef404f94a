/**
 * A list's image cell is named by its column's title: the picture's alt and its preview
 * button's name (axe found a generated screen's photo column unnamed: image-alt, critical).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { Cell } from '../src/components/table/cells';
import { initI18n } from '../src/lang';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

it("names an image cell's picture and preview button by the column's title", () => {
  render(
    <Cell column={{ prop: 'photo', label: 'Photo', render: 'image' }} row={{ photo: '/storage/a.png' }} />,
  );
  expect(screen.getByRole('button', { name: 'Photo' })).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Photo' }).getAttribute('src')).toBe('/storage/a.png');
});
