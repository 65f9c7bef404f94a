/** English: the check-in page of the member centre and the back-office screen. */
import type { Pack } from '@portico/web-sdk/module';

const checkin = {
  'Daily check-in': 'Daily check-in',
  'Check in now': 'Check in now',
  '+{points} points': '+{points} points',
  'Checked in today': 'Checked in today',
  'Come back tomorrow': 'Come back tomorrow to keep your streak',
  Streak: 'Current streak',
  // Plural forms, picked by `count`: "1 day", "2 days".
  days_one: 'day',
  days_other: 'days',
  'Points per check-in': 'Points per check-in',
  'Total check-ins': 'Total check-ins',
  'Points this month': 'Points this month',
  'Checked in': 'Checked in',
  Year: 'Year',
  Month: 'Month',
  'User ID': 'Member ID',
  Username: 'Username',
  Nickname: 'Nickname',
  Date: 'Date',
  Points: 'Points',
  'Streak days': 'Streak (days)',
  'Check-in time': 'Check-in time',
  'Reward setting': 'Reward setting',
  'Reward help': 'Points a member receives for each daily check-in (0 switches the reward off).',
  Save: 'Save',
  'Quick search fields': 'username, nickname',
};

export default { checkin } satisfies Pack;
