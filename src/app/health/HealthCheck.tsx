import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { apiRootFor, environmentOf } from '../../api/environment.ts'
import { type ApiHealth, checkApiHealth } from './api-health.ts'

/** The lazily loaded `/health-check` screen: build version, environment, API root and whether the API answers. */
export default function HealthCheck() {
  const { t } = useLingui()
  const hostname = location.hostname
  const environment = environmentOf(hostname)
  const root = apiRootFor(hostname)
  const [health, setHealth] = useState<ApiHealth | null>(null)

  useEffect(() => {
    let current = true
    void checkApiHealth(root).then((answer) => {
      if (current) setHealth(answer)
    })
    return () => {
      current = false
    }
  }, [root])

  let healthText: string
  if (!health) healthText = t`Checking…`
  else {
    const { status } = health
    const reason = health.ok ? '' : health.message
    if (health.ok) healthText = t`Answering (HTTP ${status})`
    else if (status !== null) healthText = t`Not answering (HTTP ${status})`
    else healthText = t`Not answering (${reason})`
  }

  return (
    <section className="app-health" data-testid="health-check">
      <h1>{t`Health check`}</h1>
      <dl>
        <dt>{t`Version`}</dt>
        <dd data-field="version">{__FEES_CALCULATOR_VERSION__}</dd>
        <dt>{t`Environment`}</dt>
        <dd data-field="environment">{environment}</dd>
        <dt>{t`API root`}</dt>
        <dd data-field="api-root">{root}</dd>
        <dt>{t`API health`}</dt>
        <dd data-field="api-health" data-health={health ? (health.ok ? 'ok' : 'failed') : 'checking'}>
          {healthText}
        </dd>
      </dl>
    </section>
  )
}
