/** Times as the site shows them: in the site's time zone, with its format. */
export {
  DEFAULT_TIME_FORMAT,
  timeFormat,
  toMilliseconds,
  wallClockAt,
  zoneLabel,
} from '../../../apps/web/src/utils/time';
