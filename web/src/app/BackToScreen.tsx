import { useEffect } from 'react';
import { useMatches, useNavigate } from 'react-router';

// Lazy route module for any unknown path below a client-only screen (routes.tsx): back to the screen
// itself, the match above this one, replacing the bad entry in the history.
export function Component() {
  const matches = useMatches();
  const navigate = useNavigate();
  const screen = matches[matches.length - 2]?.pathname ?? '/';
  useEffect(() => {
    void navigate(screen, { replace: true });
  }, [screen, navigate]);
  return null;
}
