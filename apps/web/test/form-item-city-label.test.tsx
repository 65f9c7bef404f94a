/**
 * A city form item's label names its cascader: a screen reader announces "City" on it and a
 * click on the label focuses it (the cascader did not take the form item's id, so the label
 * pointed at nothing).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { FormItem } from '../src/components/form/form-item';
import { initI18n } from '../src/lang';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

it("names the city cascader by the form item's label", () => {
  render(
    <Form>
      <FormItem type="city" name="city" label="City" />
    </Form>,
  );
  expect(screen.getByLabelText('City').getAttribute('role')).toBe('combobox');
});
