import { useTranslation } from 'react-i18next'

/** A plain page: its title and one line (the invitation landing, the loading screen). */
export function TitledPage(props: { titleKey: string; bodyKey: string }) {
  const { t } = useTranslation()
  return (
    <section className="page">
      <h1>{t(props.titleKey)}</h1>
      <p>{t(props.bodyKey)}</p>
    </section>
  )
}
