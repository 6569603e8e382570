/**
 * The interface's own icons, drawn by our Icon component from `lucide`'s shapes: lucide-react would
 * add its runtime (icon factory, context, class names; 2.5 KB of every page's script, gzip) for the
 * same SVG. A new one is a line here, named as in Lucide.
 */
import {
  ArrowLeft as arrowLeft,
  ArrowRight as arrowRight,
  ArrowUpRight as arrowUpRight,
  Award as award,
  BriefcaseBusiness as briefcaseBusiness,
  CalendarClock as calendarClock,
  ChevronDown as chevronDown,
  ChevronLeft as chevronLeft,
  ChevronRight as chevronRight,
  CircleAlert as circleAlert,
  CircleCheck as circleCheck,
  Clock as clock,
  ExternalLink as externalLink,
  Frown as frown,
  IndianRupee as indianRupee,
  LoaderCircle as loaderCircle,
  Mail as mail,
  MapPin as mapPin,
  MapPinned as mapPinned,
  Menu as menu,
  MessagesSquare as messagesSquare,
  Pause as pause,
  Phone as phone,
  Play as play,
  Plus as plus,
  Quote as quote,
  TrendingUp as trendingUp,
  X as x,
} from 'lucide';
import { uiIcon } from './index.tsx';

export const ArrowLeft = uiIcon(arrowLeft);
export const ArrowRight = uiIcon(arrowRight);
export const ArrowUpRight = uiIcon(arrowUpRight);
export const Award = uiIcon(award);
export const BriefcaseBusiness = uiIcon(briefcaseBusiness);
export const CalendarClock = uiIcon(calendarClock);
export const ChevronDown = uiIcon(chevronDown);
export const ChevronLeft = uiIcon(chevronLeft);
export const ChevronRight = uiIcon(chevronRight);
export const CircleAlert = uiIcon(circleAlert);
export const CircleCheck = uiIcon(circleCheck);
export const Clock = uiIcon(clock);
export const ExternalLink = uiIcon(externalLink);
export const Frown = uiIcon(frown);
export const IndianRupee = uiIcon(indianRupee);
export const LoaderCircle = uiIcon(loaderCircle);
export const Mail = uiIcon(mail);
export const MapPin = uiIcon(mapPin);
export const MapPinned = uiIcon(mapPinned);
export const Menu = uiIcon(menu);
export const MessagesSquare = uiIcon(messagesSquare);
export const Pause = uiIcon(pause);
export const Phone = uiIcon(phone);
export const Play = uiIcon(play);
export const Plus = uiIcon(plus);
export const Quote = uiIcon(quote);
export const TrendingUp = uiIcon(trendingUp);
export const X = uiIcon(x);
