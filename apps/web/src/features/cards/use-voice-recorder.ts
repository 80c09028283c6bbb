import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG } from '@cutroom/domain';

/** Spec 000 §9 asks for 128 kbps; browsers record Opus (webm/ogg) or AAC (mp4), not mp3. */
const BITS_PER_SECOND = 128_000;
// '.weba' rather than '.webm', so file servers label the note audio/webm, not video/webm.
const TYPES = [
  { mime: 'audio/webm;codecs=opus', ext: 'weba' },
  { mime: 'audio/ogg;codecs=opus', ext: 'ogg' },
  { mime: 'audio/webm', ext: 'weba' },
  { mime: 'audio/mp4', ext: 'm4a' },
] as const;
/** Long enough for any brief, far below the upload limit at 128 kbps. */
export const MAX_RECORDING_MS = 15 * 60_000;

export type RecorderState = 'idle' | 'starting' | 'recording';

const supported = () =>
  typeof window !== 'undefined' &&
  typeof window.MediaRecorder !== 'undefined' &&
  !!navigator.mediaDevices?.getUserMedia;

function pickType() {
  const isSupported = (mime: string) =>
    typeof MediaRecorder.isTypeSupported !== 'function' || MediaRecorder.isTypeSupported(mime);
  return TYPES.find((t) => isSupported(t.mime));
}

/** A refused or blocked microphone says so; anything else is a generic recording failure. */
function recordingError(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? MSG.microphoneBlocked : MSG.recordingFailed;
}

/** Records the microphone in the browser; `onRecorded` receives the finished file. */
export function useVoiceRecorder(onRecorded: (file: File, durationMs: number) => void) {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const startedAtRef = useRef(0);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  const releaseMicrophone = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  const start = useCallback(async () => {
    setError(null);
    if (!supported()) {
      setError(MSG.voiceRecordingDisabled);
      return;
    }
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      streamRef.current = stream;
      const type = pickType();
      const recorder = new MediaRecorder(stream, {
        audioBitsPerSecond: BITS_PER_SECOND,
        ...(type ? { mimeType: type.mime } : {}),
      });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onerror = () => {
        setError(MSG.recordingFailed);
        setState('idle');
        releaseMicrophone();
      };
      recorder.onstop = () => {
        releaseMicrophone();
        recorderRef.current = null;
        setState('idle');
        const mime = (recorder.mimeType || type?.mime || 'audio/webm').split(';')[0]!;
        const ext = TYPES.find((t) => t.mime.startsWith(mime))?.ext ?? 'weba';
        const blob = new Blob(chunks, { type: mime });
        if (blob.size === 0) {
          setError(MSG.recordingFailed);
          return;
        }
        const durationMs = Date.now() - startedAtRef.current;
        onRecordedRef.current(new File([blob], `voice-note-${Date.now()}.${ext}`, { type: mime }), durationMs);
      };
      recorderRef.current = recorder;
      // Chunks every second, so a long note is not one huge buffer at the end.
      recorder.start(1000);
      startedAtRef.current = Date.now();
      setElapsedMs(0);
      setState('recording');
    } catch (e) {
      releaseMicrophone();
      setState('idle');
      setError(recordingError(e));
    }
  }, [releaseMicrophone]);

  // The clock the user watches while speaking, and the cap on length.
  useEffect(() => {
    if (state !== 'recording') return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const elapsed = Date.now() - startedAt;
      setElapsedMs(elapsed);
      if (elapsed >= MAX_RECORDING_MS) stop();
    }, 250);
    return () => window.clearInterval(timer);
  }, [state, stop]);

  // Leaving the form mid-recording must not keep the microphone on.
  useEffect(
    () => () => {
      const recorder = recorderRef.current;
      if (recorder) {
        recorder.onstop = null;
        if (recorder.state !== 'inactive') recorder.stop();
      }
      releaseMicrophone();
    },
    [releaseMicrophone],
  );

  return { state, elapsedMs, error, start, stop, clearError: () => setError(null) };
}

export const formatDuration = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
