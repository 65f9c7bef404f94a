/** The greeting by local hour (as in the original): which translation keys to show. */
export function greetingKeys(hour: number): string[] {
  if (hour < 5) return ['utils.Late at night, pay attention to your body!'];
  const welcome = 'utils.welcome back';
  if (hour < 9) return ['utils.good morning!', welcome];
  if (hour < 12) return ['utils.Good morning!', welcome];
  if (hour < 14) return ['utils.Good noon!', welcome];
  if (hour < 18) return ['utils.good afternoon', welcome];
  return ['utils.Good evening', welcome];
}
