/** A media stream in a video or audio element (the call window's and the pre-call check's). */
import { useEffect, useRef } from 'react';

export function VideoView({
  stream,
  muted = false,
  label,
  className,
  testId,
}: {
  stream: MediaStream | null;
  muted?: boolean;
  label: string;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-testid={testId}
      className={className}
    />
  );
}

export function AudioView({ stream }: { stream: MediaStream | null }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <audio ref={ref} autoPlay />;
}
