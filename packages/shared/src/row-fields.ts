/**
 * Field types every listed row shares. A row type says what a resource's list (`index`) and
 * edit form (`edit?id=`) answer per row; the server's row schema is checked against it and the
 * web's list screen is typed by it (docs/architecture.md, "Wire contract").
 */

/** A switch as stored and sent: '1' on, '0' off. */
export type SwitchFlag = '0' | '1';

/** Unix seconds; null when never set. */
export type StoredTime = number | null;
