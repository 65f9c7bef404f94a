/** A database (or an old site's files) Portico will not take over; the message says why and what to do. */
export class TakeoverRefused extends Error {}
