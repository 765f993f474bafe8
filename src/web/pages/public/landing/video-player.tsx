import { useEffect, useRef, useState } from 'react';
import { video } from '../../../content/landing.js';
import { FallbackImage } from '../fallback-image.js';
import { PlayIcon } from './icons.js';

/**
 * The hero's video. Until the visitor presses play only a local poster shows: the
 * external player (and everything it downloads) is inserted on the press, so the
 * landing loads nothing from other sites. `embedUrl` is the operator's `demo_video_url`, on one of
 * the sites the CSP's frame-src allows (VIDEO_HOSTS).
 */
export function VideoPlayer({ embedUrl }: { embedUrl: string }) {
  const [playing, setPlaying] = useState(false);
  // The poster is requested after the first paint: the headline and text come first.
  const [showPoster, setShowPoster] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const next = requestAnimationFrame(() => setShowPoster(true));
    return () => cancelAnimationFrame(next);
  }, []);

  // The button that had focus is gone: keyboard users continue in the player.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  return (
    <div className="video">
      {playing ? (
        <iframe
          ref={frame}
          className="video__frame"
          src={embedUrl}
          title={video.title}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media; clipboard-write"
          allowFullScreen
        />
      ) : (
        <button type="button" className="video__poster" onClick={() => setPlaying(true)}>
          {showPoster && (
            <FallbackImage className="video__image" src={video.poster} alt="" width={video.posterWidth} height={video.posterHeight} />
          )}
          <PlayIcon className="video__play" />
          <span className="video__label">
            {video.play}
            <span className="visually-hidden">: {video.title}</span>
          </span>
        </button>
      )}
    </div>
  );
}
