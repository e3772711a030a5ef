import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { PricePackage } from '../../../shared/contract'
import { formatMoney } from '../../format/format'
import { closeDeposit, keptChoice, kycBeforeDeposit, kycDetour, loadPrices, rememberChoice, resumeOrder, setGiftAvailable, startDeposit } from '../../store/actions/cashier'
import { pushAlert } from '../../store/actions/ui'
import { store, type DepositVariant } from '../../store/store'
import { Modal } from '../Modal'
import { BonusTerms } from './BonusTerms'
import { canConfirm, choosePackages } from './packages'
import { PayView } from './PayView'

const KIND = { deposit: 'normal', secondDeposit: 'second', gameDeposit: 'compensation', boostDeposit: 'boost' } as const

function PackageGrid(props: { list: readonly PricePackage[]; selected: number | null; onSelect(id: number): void; noPromotions: boolean }) {
  const { t } = useTranslation()
  const { lang } = useSnapshot(store.session)
  return (
    <fieldset className="cashier-packages">
      <legend>{t('cashier.deposit.choose')}</legend>
      <div className="cashier-package-grid">
        {props.list.map((p) => (
          <label key={p.pkgId} className={`cashier-package ${props.selected === p.pkgId ? 'selected' : ''}`}>
            <input type="radio" name="pkg" value={p.pkgId} checked={props.selected === p.pkgId} onChange={() => props.onSelect(p.pkgId)} />
            <span className="cashier-package-price">{formatMoney(p.price, lang)}</span>
            {p.gift > 0 && <span className={`cashier-package-gift ${props.noPromotions ? 'off' : ''}`}>{t('cashier.deposit.gift', { amount: formatMoney(p.gift, lang) })}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/**
 * The deposit overlay and its variants: the second deposit (gift offer), the compensation deposit
 * (gameDeposit, balance under R$ 10) and the bonus boost. Choose a package, confirm, pay in the
 * frame. Confirming before the identity is verified takes the KYC step first; the choice is kept
 * in the store, so the panel comes back with the package the player chose.
 */
export default function DepositPanel(props: { variant: DepositVariant }) {
  const { t } = useTranslation()
  const { variant } = props
  const snap = useSnapshot(store)
  const [packages, setPackages] = useState<PricePackage[] | null>(null)
  // Back from the KYC step: the package and the box as the player left them.
  const [selected, setSelected] = useState<number | null>(() => keptChoice(variant)?.pkgId ?? null)
  // The BR profile offers no deposit-linked bonus: no gift to decline (the server lists plain amounts).
  const br = useSnapshot(store.app).jurisdiction === 'BR'
  const [declined, setNoPromotions] = useState(() => keptChoice(variant)?.noPromotions ?? false)
  const noPromotions = br || declined
  const [busy, setBusy] = useState(false)
  const order = snap.cashier.order && snap.cashier.order.uId === snap.user?.uId ? snap.cashier.order : null

  useEffect(() => {
    // The KYC detour switches the overlay to editBank, which unmounts this panel.
    if (kycDetour(variant)) return
    let live = true
    void resumeOrder(variant)
    loadPrices(variant)
      .then((all) => {
        if (!live) return
        const choice = choosePackages(all, KIND[variant])
        setPackages(choice.list)
        setSelected((s) => (s !== null && choice.list.some((p) => p.pkgId === s) ? s : choice.selected))
        if (variant === 'deposit') setGiftAvailable(choice.giftFlag)
      })
      .catch(() => live && setPackages([]))
    return () => {
      live = false
    }
  }, [variant])

  const close = () => closeDeposit(variant)
  const title = t(`cashier.deposit.title_${variant}`)

  if (order) {
    return (
      <Modal title={t('cashier.pay.title')} onClose={close} className="cashier-pay-full">
        <PayView order={order} />
      </Modal>
    )
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    if (!packages || selected === null || !canConfirm(packages, selected)) {
      pushAlert({ text: t('cashier.deposit.selectAmount') })
      return
    }
    // Kept beyond this panel: the KYC step (ours, or after the server's refusal) comes back to it.
    rememberChoice(variant, selected, packages.find((p) => p.pkgId === selected)?.price ?? null, declined)
    if (kycBeforeDeposit(variant)) return
    setBusy(true)
    try {
      await startDeposit(variant, selected, noPromotions)
    } catch {
      // The error catalogue already told the user.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal title={title} onClose={close} className="cashier">
      {variant !== 'deposit' && <p className="cashier-intro">{t(`cashier.deposit.intro_${variant}`)}</p>}
      <form className="form" onSubmit={submit} aria-busy={packages === null}>
        {packages === null ? (
          <p role="status">{t('common.loading')}</p>
        ) : packages.length === 0 ? (
          <p>{t('cashier.deposit.none')}</p>
        ) : (
          <PackageGrid list={packages} selected={selected} onSelect={setSelected} noPromotions={noPromotions} />
        )}
        {!br && (
          <label className="check">
            <input type="checkbox" checked={noPromotions} onChange={(e) => setNoPromotions(e.target.checked)} />
            <span>{t('cashier.deposit.noPromotions')}</span>
          </label>
        )}
        <BonusTerms pkg={packages?.find((p) => p.pkgId === selected) ?? null} promotional={variant === 'gameDeposit' || variant === 'boostDeposit'} />
        {/* Not before the amounts arrive: a tap meanwhile would be told to pick an amount the list then picks itself. */}
        <button type="submit" className="primary" disabled={busy || packages === null}>
          {t('cashier.deposit.confirm')}
        </button>
        <p className="cashier-note">{t('cashier.deposit.note')}</p>
      </form>
    </Modal>
  )
}
