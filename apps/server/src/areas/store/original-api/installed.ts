/**
 * The modules the original client says it has (`installed`, a list of {uid, version}) as its
 * HTTP client writes them into the query: `installed[0][uid]=a&installed[0][version]=1.0.0`,
 * or without the indexes (`installed[][uid]=a&installed[][version]=1.0.0`), or as JSON. Read
 * from the raw query so it does not depend on how the server parses nested keys.
 */

const FIELD = /^installed\[(\d*)\]\[(uid|version)\]$/;
const MAX_INSTALLED = 500;

/** uid → installed version. Anything unreadable is left out: this only adds "New version" tags. */
export function installedVersions(rawUrl: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  const search = new URL(rawUrl ?? '/', 'http://portico.invalid').searchParams;
  const json = search.get('installed');
  if (json) {
    try {
      const list: unknown = JSON.parse(json);
      if (Array.isArray(list)) for (const entry of list.slice(0, MAX_INSTALLED)) addEntry(found, entry);
    } catch {
      // Not JSON: nothing to read from it.
    }
  }
  const entries: { uid?: string; version?: string }[] = [];
  const byIndex = new Map<string, { uid?: string; version?: string }>();
  for (const [key, value] of search) {
    const match = FIELD.exec(key);
    if (!match || entries.length > MAX_INSTALLED) continue;
    const [, index = '', field] = match;
    // Without indexes a new entry starts at each uid.
    let entry = index === '' ? (field === 'uid' ? undefined : entries.at(-1)) : byIndex.get(index);
    if (!entry) {
      entry = {};
      entries.push(entry);
      if (index !== '') byIndex.set(index, entry);
    }
    entry[field as 'uid' | 'version'] = value;
  }
  for (const entry of entries) addEntry(found, entry);
  return found;
}

function addEntry(found: Map<string, string>, entry: unknown): void {
  if (typeof entry !== 'object' || entry === null) return;
  const { uid, version } = entry as { uid?: unknown; version?: unknown };
  if (typeof uid === 'string' && typeof version === 'string' && uid && version) found.set(uid, version);
}
