// arbiter_needs.vh: one cycle's random needs and credits for the arbiter
// benches (rr_arbiter_tb, group_arbiter_tb), included in their stimulus loop at
// cycle t. Sets n1 and n0 (needs by downstream VC, dead requesters included:
// LIVE must drop them), av (the two availabilities) and req, the requests the
// plain form takes (LIVE_V applied); cycle 0 has every live requester asking,
// so that the pointer's reset value decides the first grant.
n1 = $random;
n0 = $random;
if (t % 3 == 0) begin  // sparser requests too
  n1 = n1 & $random;
  n0 = n0 & $random;
end
av = $random;
if (av == 2'b00 && t % 4 != 0) av = 2'b11;  // no credit at all only now and then
if (t == 0) begin
  n1 = {N{1'b1}};
  n0 = {N{1'b1}};
  av = 2'b11;
end
req = ((n1 & {N{av[1]}}) | (n0 & {N{av[0]}})) & LIVE_V;
