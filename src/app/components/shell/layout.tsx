// The main layout (spec part 3 §2.8): Mantine AppShell with the top bar and the side menu; below the md breakpoint
// (tablets in portrait, phones) the side menu is an overlay opened by the burger and closed on navigation.
import { useEffect, useState } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { ChangePasswordDialog } from './change-password-dialog';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { refreshMenusOnce } from './session-actions';

export function ShellLayout() {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const [passwordOpen, setPasswordOpen] = useState(false);

  useEffect(() => {
    void refreshMenusOnce();
  }, []);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <TopBar
          mobileOpened={mobileOpened}
          desktopOpened={desktopOpened}
          onToggleMobile={mobile.toggle}
          onToggleDesktop={desktop.toggle}
          onChangePassword={() => setPasswordOpen(true)}
        />
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <SideMenu onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
      <ChangePasswordDialog opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </AppShell>
  );
}
