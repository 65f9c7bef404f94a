/**
 * The sign-in form both login pages share: the account field has the focus once the form is
 * shown (given after the first frame, not by `autoFocus` during React's commit: see the form),
 * and a submit with empty fields says what is missing under each and sends nothing.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { LoginForm } from '../src/components/login/login-form';
import { initI18n } from '../src/lang';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

function renderForm() {
  const onSubmit = vi.fn(async () => true);
  render(<LoginForm captcha={false} accountPlaceholder="Account" onSubmit={onSubmit} />);
  return onSubmit;
}

it('puts the cursor in the account field once the form is shown', async () => {
  renderForm();
  const account = screen.getByPlaceholderText('Account');
  await waitFor(() => expect(document.activeElement).toBe(account));
});

it('leaves the cursor where the visitor put it before the form was shown', async () => {
  renderForm();
  // A quick visitor (or a password manager, or a test typing on a slow machine) is in the
  // password field before the first frame: taking the focus from there sent the rest of the
  // password into the account field.
  const password = screen.getByPlaceholderText('Please input a password');
  password.focus();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(document.activeElement).toBe(password);
});

it('says under each empty field what is missing and does not submit', async () => {
  const onSubmit = renderForm();
  fireEvent.click(screen.getByRole('button', { name: /sign in|login/i }));
  expect(await screen.findByText('Please enter an account')).toBeTruthy();
  expect(screen.getByText('Please input a password')).toBeTruthy();
  expect(onSubmit).not.toHaveBeenCalled();
});

it('starts from what was typed into the form drawn at build time, and sends a sign-in asked there', async () => {
  // The page build/prerender-sign-in.ts draws: the visitor typed, ticked the box, left the caret
  // in the password and pressed Enter, which the page's head script held back and noted.
  const drawn = document.createElement('div');
  drawn.id = 'drawn';
  drawn.innerHTML = `<form data-drawn="" data-submitted="">
    <input name="username" value="admin"><input name="password" type="password" value="secret-1">
    <input name="keep" type="checkbox" checked></form>`;
  document.body.append(drawn);
  const typedPassword = drawn.querySelector<HTMLInputElement>('input[name="password"]');
  typedPassword?.focus();
  typedPassword?.setSelectionRange(3, 3);
  try {
    const onSubmit = renderForm();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'admin', password: 'secret-1', keep: true }),
    );
    const password = screen.getByPlaceholderText<HTMLInputElement>('Please input a password');
    expect(document.activeElement).toBe(password);
    expect(password.selectionStart).toBe(3);
  } finally {
    drawn.remove();
  }
});
