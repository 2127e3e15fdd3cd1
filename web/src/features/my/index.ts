// My area (spec catalogue-playback-commerce 2 /my): the viewer's favourite contents,
// persons and channels.
export { MyPage } from './MyPage';
