// Programme guide (/guide): every channel's schedule as a grid, channels down and time
// across, virtualised both ways; a click watches live or from the archive.
export { default as GuidePage } from './GuidePage';
