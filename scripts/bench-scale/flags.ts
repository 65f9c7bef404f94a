/** Reads a bench's command line flag by flag: its value and whole-number values, with their errors. */
export class FlagReader {
  private i = -1;
  flag = '';

  constructor(
    private readonly argv: readonly string[],
    private readonly usage: string,
  ) {}

  /** Moves to the next flag; false at the end. */
  next(): boolean {
    this.i += 1;
    this.flag = this.argv[this.i] ?? '';
    return this.i < this.argv.length;
  }

  /** The current flag's value (the next word). */
  value(): string {
    const next = this.argv[++this.i];
    if (next === undefined) throw new Error(`${this.flag} needs a value\n${this.usage}`);
    return next;
  }

  /** The current flag's value as an integer within [min, max]; `_` separators allowed. */
  count(min: number, max = Number.MAX_SAFE_INTEGER): number {
    const n = Number(this.value().replaceAll('_', ''));
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(
        max === Number.MAX_SAFE_INTEGER
          ? `${this.flag} must be an integer >= ${min}`
          : `${this.flag} must be an integer from ${min} to ${max}`,
      );
    return n;
  }
}
