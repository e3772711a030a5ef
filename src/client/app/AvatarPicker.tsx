import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { AVATAR_COUNT } from '../../shared/codes'
import { setAvatar } from '../store/shellActions'
import { store } from '../store/store'

/** The 36 avatars as a radio group, the current one checked (the account menu and /conta). */
export function AvatarPicker(props: { labelledBy: string }) {
  const { t } = useTranslation()
  const current = useSnapshot(store).user?.header ?? 0
  return (
    <div className="avatars" role="radiogroup" aria-labelledby={props.labelledBy}>
      {Array.from({ length: AVATAR_COUNT }, (_, i) => (
        <button key={i} type="button" role="radio" aria-checked={i === current} aria-label={t('account.avatarN', { n: i })} className={i === current ? 'current' : ''} onClick={() => void setAvatar(i).catch(() => undefined)}>
          <img src={`/avatars/${i}.svg`} alt="" width={40} height={40} loading="lazy" />
        </button>
      ))}
    </div>
  )
}
