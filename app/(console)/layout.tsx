import { signOutAction } from "@/app/signin/actions";
import { Sidebar } from "@/app/components/sidebar";
import { TRPCReactProvider } from "@/app/components/trpc/react";
import { currentUser } from "@/app/components/session";

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  // Each page checks the session itself (it knows its own path for the way back after sign-in).
  const user = await currentUser();
  const initials = user?.name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <TRPCReactProvider>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="shell">
        <Sidebar
          footer={
            user && (
              <div className="sidebar-footer">
                <div className="user-chip">
                  <span className="avatar" aria-hidden="true">
                    {initials}
                  </span>
                  <div className="who">
                    <div className="name" data-testid="user-name">
                      {user.name}
                    </div>
                    <div className="role" data-testid="user-role">
                      {user.role}
                    </div>
                  </div>
                </div>
                <form action={signOutAction}>
                  <button className="btn btn-sm signout" type="submit">
                    Sign out
                  </button>
                </form>
              </div>
            )
          }
        />
        <main className="main" id="main">
          {children}
        </main>
      </div>
    </TRPCReactProvider>
  );
}
