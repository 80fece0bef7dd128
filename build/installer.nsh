; Included by electron-builder's NSIS installer (electron-builder.yml: nsis.include).
;
; Windows Firewall blocks inbound LAN traffic to a program until someone allows it, so the first
; table a person hosts would be invisible to the others. An installation for all users (it runs as
; administrator) adds an inbound rule for the app on private networks: TCP for the host's port and
; UDP for mDNS, which is every protocol of this one program. A per-user installation cannot change
; the firewall; the app then notices that nobody reaches it and says what to allow ("Can others
; reach me?" in the waiting room). Public networks stay closed: Windows asks there, as it should.

!define RED7_FIREWALL_RULE "Red7 LAN"

!macro red7DeleteFirewallRule
  ; By name and program, so a rule a person made for another copy of the app is left alone.
  nsExec::Exec '"$SYSDIR\netsh.exe" advfirewall firewall delete rule name="${RED7_FIREWALL_RULE}" program="$INSTDIR\${APP_EXECUTABLE_FILENAME}"'
  Pop $0
!macroend

!macro customInstall
  ${if} $installMode == "all"
    ; An update or a repair installs over the old rule: never leave two.
    !insertmacro red7DeleteFirewallRule
    nsExec::Exec '"$SYSDIR\netsh.exe" advfirewall firewall add rule name="${RED7_FIREWALL_RULE}" dir=in action=allow program="$INSTDIR\${APP_EXECUTABLE_FILENAME}" enable=yes profile=private description="Lets players on your local network join the tables you host in Red7 LAN."'
    Pop $0
    ${if} $0 != 0
      DetailPrint "Windows Firewall rule not added (netsh exit $0); Red7 LAN will show what to allow."
    ${endif}
  ${endif}
!macroend

!macro customUnInstall
  ${if} $installMode == "all"
    !insertmacro red7DeleteFirewallRule
  ${endif}
!macroend
