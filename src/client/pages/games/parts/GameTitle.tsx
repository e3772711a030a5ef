import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { setMuted } from '../../../engine/audio'
import { store } from '../../../store/store'

/** The game's heading with the sound toggle beside it (the same setting as the side menu's); pressed: muted. */
export const GameTitle = memo(function GameTitle(props: { id: string; title: string }) {
  const { t } = useTranslation()
  const { muted } = useSnapshot(store.ui)
  return (
    <div className="game-title">
      <h1 id={props.id}>{props.title}</h1>
      <button type="button" className="icon-button" aria-pressed={muted} aria-label={t('audio.mute')} onClick={() => setMuted(!muted)} data-testid="mute">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
          {muted ? (
            <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
          ) : (
            <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
          )}
        </svg>
      </button>
    </div>
  )
})
