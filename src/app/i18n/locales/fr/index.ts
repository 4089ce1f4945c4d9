/** Every namespace of this language, as one chunk (src/app/i18n/index.ts loads it on demand). */
const files = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });

export default Object.fromEntries(
  Object.entries(files).map(([file, content]) => [file.replace(/^\.\/(.*)\.json$/, '$1'), content]),
);
