import type { Plugin } from 'vite';

export function moduleMirror(projectDir: string): Plugin;
