/** What the site tells the administrator about the module market (English keys, translated per request). */
export const MARKET_MESSAGES = {
  unreachable: 'The module market at %s cannot be reached, please try again later',
  timedOut: 'The module market at %s did not answer within %s seconds, please try again later',
  notAMarket: 'The address %s did not answer as a module market: check MARKET_URL',
  storeSaid: 'The module market refused: %s',
  noReason: 'no reason given',
  downloadFailed: 'Package download failed',
  downloadTooLarge: 'The downloaded package is larger than a module package may be',
  checksumMismatch:
    'The downloaded package does not match the checksum the market published: nothing was installed',
  answerTooLarge: 'The module market sent an answer larger than %s MB: it was refused',
  notListed: 'The module market does not offer this module',
  unknownMarketPath: 'The module market has no such page',
} as const;
