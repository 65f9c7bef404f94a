/** English: the back-office's member pages (member list, groups, rules, balance and points logs); a member's own fields are the core's (lang/en/member-fields.ts). */
import type { Pack } from '@portico/web-sdk/module';

/** The member list's own texts (its form's shared fields are in the core's member-fields). */
const user = {
  group: 'Group',
  balance: 'Balance',
  integral: 'Points',
  password: 'Password',
  'Adjust balance': 'Adjust balance',
  'Adjust integral': 'Adjust points',
  'Last login IP': 'Last login IP',
  'Last login': 'Last login',
  'username and nickname': 'username or nickname',
};

const group = {
  'Group name': 'Group name',
  Permissions: 'Permissions',
};

const rule = {
  No: 'No',
  Yes: 'Yes',
  'Normal routing': 'Normal routing',
  'Member center menu directory': 'Member center menu directory',
  'Member center menu items': 'Member center menu items',
  'Top bar menu items': 'Top bar menu items',
  'Page button': 'Page button',
  'Top bar user dropdown': 'Top bar user dropdown',
  'Visible to guests': 'Visible to guests',
};

const ledger = {
  Balance: 'Current balance',
  Integral: 'Current points',
  User: 'Member',
  'User ID': 'Member ID',
  'Change amount': 'Change amount',
  'The change amount cannot be 0': 'The change amount cannot be 0',
  'The change amount must be between {min} and {max}': 'The change amount must be between {min} and {max}',
  'The value after the change would be {value}, outside the allowed range of {min} to {max}':
    'The value after the change would be {value}, outside the allowed range of {min} to {max}',
  'After change': 'After the change',
  Remark: 'Remark',
  Before: 'Before',
  After: 'After',
};

export default {
  'user.user': user,
  'user.group': group,
  'user.rule': rule,
  'user.ledger': ledger,
} satisfies Pack;
