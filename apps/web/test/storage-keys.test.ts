/** The storage keys read before the app runs are the stores' own, and the original's names. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useConfig } from '../src/stores/config';
import { ADMIN_INFO_STORAGE_KEY, CONFIG_STORAGE_KEY } from '../src/stores/storage-keys';

describe('storage keys', () => {
  it('are the original product’s, and the stores persist under them', () => {
    expect([CONFIG_STORAGE_KEY, ADMIN_INFO_STORAGE_KEY]).toEqual(['storeConfig_v2', 'adminInfo']);
    expect(useConfig.persist.getOptions().name).toBe(CONFIG_STORAGE_KEY);
  });

  it('index.html’s first script reads the settings where the config store keeps them', () => {
    // Static HTML cannot import the constant: a renamed key would leave dark visitors a white flash.
    const html = readFileSync(join(import.meta.dirname, '../index.html'), 'utf8');
    expect(html).toContain(`localStorage.getItem('${CONFIG_STORAGE_KEY}')`);
  });
});
