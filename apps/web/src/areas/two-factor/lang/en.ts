/** English: the two-factor area's reset button in the administrator form. */
import type { Pack } from '@portico/web-sdk/module';

const twoFactorReset = {
  'Two-factor sign-in': 'Two-factor sign-in',
  'Reset two-factor sign-in': 'Reset two-factor sign-in',
  'Reset two-factor sign-in?': 'Reset two-factor sign-in?',
  'They sign in with their password alone, or set up a new second factor if their group requires one':
    'They will sign in with their password alone, or set up a new second factor if their group requires one.',
  Reset: 'Reset',
};

export default { twoFactorReset } satisfies Pack;
