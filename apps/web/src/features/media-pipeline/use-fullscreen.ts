import { useEffect, useState, type RefObject } from 'react';

/** Whether this element fills the screen, and the switch between the two. */
export function useFullscreen(targetRef: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === targetRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [targetRef]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void targetRef.current?.requestFullscreen?.();
  };

  return { fullscreen, toggleFullscreen };
}
