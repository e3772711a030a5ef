import { useTranslation } from 'react-i18next'

/** A route that a later issue fills: its title and a line saying it is coming. */
export function TitledPage(props: { titleKey: string; bodyKey?: string }) {
  const { t } = useTranslation()
  return (
    <section className="page">
      <h1>{t(props.titleKey)}</h1>
      <p>{t(props.bodyKey ?? 'pages.soon')}</p>
    </section>
  )
}
