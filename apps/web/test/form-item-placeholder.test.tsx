/**
 * A form item's placeholder is a translation key, like its label ("Leave blank if not
 * modified" on the password of an edited administrator); text that is no key shows as it is.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { FormItem } from '../src/components/form/form-item';
import { initI18n, loadBackendTexts } from '../src/lang';

beforeAll(async () => {
  await initI18n('zh-cn');
  await loadBackendTexts();
});
afterEach(cleanup);

it('translates a placeholder given as a key, and shows other text as it is', () => {
  render(
    <Form>
      <FormItem
        type="password"
        name="password"
        label="auth.admin.password"
        placeholder="auth.admin.Please leave blank if not modified"
      />
      <FormItem type="string" name="url" label="auth.admin.email" placeholder="https://" />
    </Form>,
  );
  expect(screen.getByPlaceholderText('不修改请留空')).toBeTruthy();
  expect(screen.getByPlaceholderText('https://')).toBeTruthy();
});
