/**
 * The Windows installer's firewall rule (build/installer.nsh, electron-builder's nsis.include):
 * added for all-users installs only, for the app's own executable on private networks, removed on
 * uninstall. Its NSIS is compiled with makensis (Debian's nsis package) in a small script shaped
 * like electron-builder's, so a syntax slip fails here rather than on a Windows build machine.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const include = join(__dirname, '../../build/installer.nsh');
const script = readFileSync(include, 'utf8');
const makensis = spawnSync('makensis', ['-VERSION'], { encoding: 'utf8' });
const haveMakensis = makensis.status === 0;
const work = mkdtempSync(join(tmpdir(), 'red7-nsis-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The lines of one macro's body. */
function macro(name: string): string {
  const m = new RegExp(`!macro ${name}\\n([\\s\\S]*?)!macroend`).exec(script);
  if (!m) throw new Error(`no macro ${name}`);
  return m[1];
}

describe('the Windows firewall rule in the installer', () => {
  it('is added only by an all-users install: inbound, allow, this program, private networks', () => {
    const install = macro('customInstall');
    expect(install.trim().startsWith('${if} $installMode == "all"')).toBe(true);
    const add = install.split('\n').find((l) => l.includes('firewall add rule'))!;
    for (const part of [
      '"$SYSDIR\\netsh.exe" advfirewall firewall add rule',
      'name="${RED7_FIREWALL_RULE}"',
      'dir=in',
      'action=allow',
      'program="$INSTDIR\\${APP_EXECUTABLE_FILENAME}"',
      'profile=private',
    ])
      expect(add).toContain(part);
    // Every protocol of that one program (TCP for the host, UDP for mDNS), never a port for anyone.
    expect(add).not.toMatch(/protocol=|localport=/);
    // The old rule goes first, so updates and repairs never stack duplicates.
    expect(install.indexOf('red7DeleteFirewallRule')).toBeLessThan(install.indexOf('firewall add rule'));
  });

  it('is removed on uninstall, by name and program only', () => {
    expect(macro('customUnInstall')).toContain('!insertmacro red7DeleteFirewallRule');
    expect(macro('red7DeleteFirewallRule')).toContain(
      'firewall delete rule name="${RED7_FIREWALL_RULE}" program="$INSTDIR\\${APP_EXECUTABLE_FILENAME}"',
    );
  });

  it.skipIf(!haveMakensis)('compiles with makensis, as electron-builder would include it', () => {
    const nsi = join(work, 'installer.nsi');
    writeFileSync(
      nsi,
      [
        'Unicode true',
        `OutFile "${join(work, 'red7-firewall-test.exe')}"`,
        'RequestExecutionLevel user',
        '!include LogicLib.nsh',
        '!define APP_EXECUTABLE_FILENAME "Red7 LAN.exe"',
        'Var installMode',
        `!include "${include}"`,
        'Section "install"',
        '  StrCpy $installMode all',
        '  !insertmacro customInstall',
        `  WriteUninstaller "${join(work, 'uninstall.exe')}"`,
        'SectionEnd',
        'Section "un.Uninstall"',
        '  !insertmacro customUnInstall',
        'SectionEnd',
      ].join('\n'),
    );
    // -WX: a warning (an unused macro argument, a misspelt variable) fails too.
    const out = execFileSync('makensis', ['-V2', '-WX', nsi], { encoding: 'utf8' });
    expect(out).not.toMatch(/error/i);
  });
});

if (!haveMakensis)
  console.warn('nsis-firewall: makensis not installed (apt-get install nsis); compile check skipped');
