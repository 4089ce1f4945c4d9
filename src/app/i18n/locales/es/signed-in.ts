/** This language's other namespaces, one chunk for the signed-in pages (src/app/i18n/index.ts). */
const files = import.meta.glob<Record<string, unknown>>(['./*.json', '!./auth.json', '!./common.json'], {
  eager: true,
  import: 'default',
});

export default Object.fromEntries(
  Object.entries(files).map(([file, content]) => [file.replace(/^\.\/(.*)\.json$/, '$1'), content]),
);
