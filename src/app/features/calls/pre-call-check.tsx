/**
 * The pre-call check (issue 13): before a first call, and from Settings, the provider sees the
 * camera's preview, a microphone level meter, the chosen camera and microphone (switchable, kept
 * for calls), and a connectivity check against the configured ICE servers, with a plain verdict
 * announced to screen readers.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import {
  callConstraints,
  chooseDevices,
  chosenDevices,
  stopStream,
  type ChosenDevices,
} from './call-devices';
import { checkConnectivity, listDevices, watchLevel } from './media-check';
import { VideoView } from './media-view';
import { verdictOf, type DeviceResult, type NetworkResult } from './pre-call-verdict';
import { iceServersQuery } from './queries';
import { usePortalApi } from '../../root';

function deviceResult(error: unknown): DeviceResult {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
    ? 'denied'
    : 'missing';
}

function DeviceSelect({
  label,
  devices,
  value,
  onChange,
}: {
  label: string;
  devices: MediaDeviceInfo[];
  value: string | undefined;
  onChange(id: string): void;
}) {
  const { t } = useTranslation('calls');
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <select
        value={value ?? devices[0]?.deviceId ?? ''}
        onChange={(e) => onChange(e.target.value)}
        disabled={devices.length === 0}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1"
      >
        {devices.length === 0 && <option value="">{t('precheck.none')}</option>}
        {devices.map((d, i) => (
          <option key={d.deviceId || i} value={d.deviceId}>
            {d.label || t('precheck.device', { number: i + 1 })}
          </option>
        ))}
      </select>
    </label>
  );
}

export function PreCallCheck({ onReady }: { onReady?: (ready: boolean) => void }) {
  const { t } = useTranslation('calls');
  const queryClient = useQueryClient();
  const api = usePortalApi();
  const [chosen, setChosen] = useState<ChosenDevices>(chosenDevices);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [camera, setCamera] = useState<DeviceResult>('pending');
  const [microphone, setMicrophone] = useState<DeviceResult>('pending');
  const [level, setLevel] = useState(0);
  const [devices, setDevices] = useState<{ cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] }>({
    cameras: [],
    microphones: [],
  });
  const [network, setNetwork] = useState<NetworkResult>('pending');
  const [servers, setServers] = useState(0);
  const [round, setRound] = useState(0);

  // Camera and microphone, each on its own so one missing does not hide the other.
  useEffect(() => {
    let stopped = false;
    let opened: MediaStream[] = [];
    setCamera('pending');
    setMicrophone('pending');
    const open = async (kind: 'audio' | 'video') => {
      const constraints = callConstraints('video', chosen);
      try {
        const s = await navigator.mediaDevices.getUserMedia({ [kind]: constraints[kind] });
        if (stopped) return stopStream(s);
        opened.push(s);
        (kind === 'audio' ? setMicrophone : setCamera)('ok');
        return s;
      } catch (error) {
        (kind === 'audio' ? setMicrophone : setCamera)(deviceResult(error));
        return null;
      }
    };
    void Promise.all([open('video'), open('audio')]).then(async ([video, audio]) => {
      if (stopped) return;
      const tracks = [...(video?.getTracks() ?? []), ...(audio?.getTracks() ?? [])];
      setStream(new MediaStream(tracks));
      setDevices(await listDevices());
    });
    return () => {
      stopped = true;
      for (const s of opened) stopStream(s);
      opened = [];
      setStream(null);
    };
  }, [chosen, round]);

  useEffect(() => (stream ? watchLevel(stream, setLevel) : undefined), [stream]);

  useEffect(() => {
    let stopped = false;
    setNetwork('pending');
    void queryClient
      .fetchQuery(iceServersQuery(api))
      .catch(() => [])
      .then(async (iceServers) => {
        if (stopped) return;
        setServers(iceServers.length);
        const result = await checkConnectivity(iceServers);
        if (!stopped) setNetwork(result);
      });
    return () => {
      stopped = true;
    };
  }, [api, queryClient, round]);

  const verdict = verdictOf({ camera, microphone, network, serversConfigured: servers > 0 });
  useEffect(
    () => onReady?.(verdict !== 'checking' && verdict !== 'noMicrophone' && verdict !== 'denied'),
    [verdict, onReady],
  );
  const choose = (next: ChosenDevices) => {
    chooseDevices(next);
    setChosen(next);
  };

  return (
    <div className="flex flex-col gap-4" aria-label={t('precheck.title')} role="group">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-slate-900 text-sm text-slate-300">
          {camera === 'ok' ? (
            <VideoView
              stream={stream}
              muted
              label={t('precheck.preview')}
              className="h-full w-full object-cover"
            />
          ) : (
            <span>{t(`precheck.camera.${camera}`)}</span>
          )}
        </div>
        <div className="flex flex-col gap-3">
          <DeviceSelect
            label={t('precheck.cameraLabel')}
            devices={devices.cameras}
            value={chosen.camera}
            onChange={(id) => choose({ ...chosen, camera: id })}
          />
          <DeviceSelect
            label={t('precheck.microphoneLabel')}
            devices={devices.microphones}
            value={chosen.microphone}
            onChange={(id) => choose({ ...chosen, microphone: id })}
          />
          <div className="text-sm">
            <span id="mic-level-label" className="font-medium text-slate-700">
              {t('precheck.level')}
            </span>
            <div
              role="meter"
              aria-labelledby="mic-level-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={level}
              className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-emerald-500 transition-[width]" style={{ width: `${level}%` }} />
            </div>
            {microphone !== 'ok' && (
              <p className="mt-1 text-slate-500">{t(`precheck.microphone.${microphone}`)}</p>
            )}
          </div>
        </div>
      </div>
      <p className="text-sm">
        <span className="font-medium text-slate-700">{t('precheck.network')}: </span>
        {t(`precheck.networkResult.${network}`, { count: servers })}
      </p>
      <p
        role="status"
        aria-live="polite"
        className={`rounded-lg p-3 text-sm ${verdict === 'ready' ? 'bg-emerald-50 text-emerald-900' : verdict === 'checking' ? 'bg-slate-50 text-slate-700' : 'bg-amber-50 text-amber-900'}`}
      >
        {t(`precheck.verdict.${verdict}`)}
      </p>
      <div>
        <Button variant="secondary" onClick={() => setRound((r) => r + 1)}>
          {t('precheck.again')}
        </Button>
      </div>
    </div>
  );
}

/** Settings (issue 13 "or from Settings"): the check starts when asked, so the camera stays off until then. */
export function PreCallCheckLauncher() {
  const { t } = useTranslation('calls');
  const [open, setOpen] = useState(false);
  return open ? (
    <PreCallCheck />
  ) : (
    <Button variant="secondary" onClick={() => setOpen(true)}>
      {t('precheck.title')}
    </Button>
  );
}
