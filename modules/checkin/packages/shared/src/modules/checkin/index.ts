/**
 * The check-in module's wire: what its routes answer, declared once for both sides. Installed
 * into packages/shared/src/modules/checkin/, so the server and the web import it as
 * `@portico/shared/modules/checkin`.
 */

/** The back-office controller: `/admin/checkin.Checkin/<action>`. */
export const CHECKIN_CONTROLLER = 'checkin.Checkin';
/** The member centre's routes, under `/api/`. */
export const CHECKIN_ROUTES = { status: 'checkin/index', checkIn: 'checkin/checkIn' } as const;

/** `GET /api/checkin/index`: the member's check-in calendar for one month. */
export interface CheckInStatus {
  /** The site's day, 'YYYY-MM-DD'. */
  today: string;
  checkedToday: boolean;
  /** Consecutive days up to today, or up to yesterday while today is still open. */
  streak: number;
  /** Points the next check-in gives. */
  reward: number;
  /** 'YYYY-MM' shown, and the days of it the member checked in on. */
  month: string;
  days: string[];
  monthPoints: number;
  total: number;
}

/** `POST /api/checkin/checkIn`: today's check-in. */
export interface CheckInResult {
  date: string;
  points: number;
  streak: number;
  /** The member's points after the reward; null when no points were given. */
  score: number | null;
}

/** `GET /admin/checkin.Checkin/config`: the reward setting and the range it accepts. */
export interface RewardSetting {
  points: number;
  range: { min: number; max: number };
}
