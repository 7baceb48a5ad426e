/**
 * An .ics file as GNOME Calendar's import reads it: libical, through a small Python script on Debian's GObject
 * bindings (gnome-import.py beside this file). Without them it fails and says how to install them.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Debian's own Python, which has the GObject bindings (a Python of one's own, as pyenv's, lacks them). */
const PYTHON = process.env.GI_PYTHON ?? '/usr/bin/python3'
const SCRIPT = join(import.meta.dirname, 'gnome-import.py')

export interface LibicalCalendar {
  /** The calendar's METHOD (`PUBLISH`), or `NONE`. */
  method: string
  events: { uid: string; sequence: number; status: string; start: string; summary: string }[]
}

export function readWithLibical(ics: string): LibicalCalendar {
  const dir = mkdtempSync(join(tmpdir(), 'fees-ics-'))
  try {
    const file = join(dir, 'plan.ics')
    writeFileSync(file, ics)
    return JSON.parse(execFileSync(PYTHON, [SCRIPT, file], { encoding: 'utf8', stdio: 'pipe' })) as LibicalCalendar
  } catch (error) {
    const said = String((error as { stderr?: string }).stderr ?? error)
    if (/No module named 'gi'|Namespace ICalGLib not available|ENOENT/.test(said))
      throw new Error(
        `libical's Python bindings are missing (${said.trim().split('\n').at(-1)}): apt-get install -y python3-gi gir1.2-ical-3.0, or set GI_PYTHON to a Python that has them`,
      )
    throw error
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
