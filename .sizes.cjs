const fs=require('fs'),zlib=require('zlib');
const names=['home','index','share','winner-card','use-voting-ended','button','share-button','headline-image','skeleton','time','card'];
for (const d of process.argv.slice(2)) {
  let total=0; const parts=[];
  for (const f of fs.readdirSync(d+'/assets')) {
    if(!f.endsWith('.js')) continue;
    const n=f.replace(/-[A-Za-z0-9_-]{8}\.js$/,'');
    if(!names.includes(n)) continue;
    const s=zlib.gzipSync(fs.readFileSync(d+'/assets/'+f)).length;
    if (n==='index' && s>5000 || n!=='index' || s<500) { total+=s; parts.push(n+':'+s); }
  }
  console.log(d,total,parts.join(' '));
}
