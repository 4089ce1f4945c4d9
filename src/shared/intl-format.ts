/**
 * Intl's formatters, made once per language and options (issue 26: dates and figures in the
 * reader's language): a formatter is costly to make, and lists, charts, daily tables and PDFs
 * format hundreds of values.
 */

const dateTimes = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

function cached<F>(made: Map<string, F>, language: string, options: object, make: () => F): F {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) made.set(key, (format = make()));
  return format;
}

/** The date and time formatter for `language` and `options`, made once. */
export const dateTimeFormat = (language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached(dateTimes, language, options, () => new Intl.DateTimeFormat(language, options));

/** The number formatter for `language` and `options`, made once. */
export const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  cached(numbers, language, options, () => new Intl.NumberFormat(language, options));
