/**
 * Date pickers and the site's clock. antd's pickers hold dayjs values in the browser's zone;
 * here their fields are read as the site's wall clock (what the picker shows is the time on
 * the site's clocks), so a range picked in a browser elsewhere still means the site's days.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { wallClockAt, wallClockToSeconds } from './time';

/** The instant (unix seconds) a picked value means on the site's clocks. */
export function pickedToSeconds(day: Dayjs): number {
  return wallClockToSeconds({
    y: day.year(),
    m: day.month() + 1,
    d: day.date(),
    h: day.hour(),
    M: day.minute(),
    s: day.second(),
  });
}

/** A picker value showing the site's wall clock at `seconds`. */
export function secondsToPicked(seconds: number): Dayjs {
  const wall = wallClockAt(seconds * 1000);
  return dayjs(new Date(wall.y, wall.m - 1, wall.d, wall.h, wall.M, wall.s));
}
