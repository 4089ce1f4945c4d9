import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/constants';
import { setLanguage } from '../i18n';

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <select
      aria-label={t('language.label')}
      value={i18n.language}
      onChange={(e) => void setLanguage(e.target.value as Language)}
      className={`rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm ${className}`}
    >
      {LANGUAGES.map((lang) => (
        <option key={lang} value={lang}>
          {t(`language.${lang}`)}
        </option>
      ))}
    </select>
  );
}
