def f0(x: int) -> int:
  return x
def f1(x: int) -> int:
  return x
def f2(x: int) -> int:
  return x
def f3(x: int) -> int:
  return x
def f4(x: int) -> int:
  return x
def f5(x: int) -> int:
  return x
def f6(x: int) -> int:
  return x
def f7(x: int) -> int:
  return x
def f8(x: int) -> int:
  return x
def f9(x: int) -> int:
  return x
def f10(x: int) -> int:
  return x
def f11(x: int) -> int:
  return x
def f12(x: int) -> int:
  return x
def f13(x: int) -> int:
  return x
def f14(x: int) -> int:
  return x
def f15(x: int) -> int:
  return x
def f16(x: int) -> int:
  return x
def f17(x: int) -> int:
  return x
def f18(x: int) -> int:
  return x
def f19(x: int) -> int:
  return x
def f20(x: int) -> int:
  return x
def f21(x: int) -> int:
  return x
def f22(x: int) -> int:
  return x
def f23(x: int) -> int:
  return x
def f24(x: int) -> int:
  return x
def f25(x: int) -> int:
  return x
def f26(x: int) -> int:
  return x
def f27(x: int) -> int:
  return x
def f28(x: int) -> int:
  return x
def f29(x: int) -> int:
  return x
def f30(x: int) -> int:
  return x
def f31(x: int) -> int:
  return x
def f32(x: int) -> int:
  return x
def f33(x: int) -> int:
  return x
def f34(x: int) -> int:
  return x
def f35(x: int) -> int:
  return x
def f36(x: int) -> int:
  return x
def f37(x: int) -> int:
  return x
def f38(x: int) -> int:
  return x
def f39(x: int) -> int:
  return x
def f40(x: int) -> int:
  return x
def f41(x: int) -> int:
  return x
def f42(x: int) -> int:
  return x
def f43(x: int) -> int:
  return x
def f44(x: int) -> int:
  return x
def f45(x: int) -> int:
  return x
def f46(x: int) -> int:
  return x
def f47(x: int) -> int:
  return x
def f48(x: int) -> int:
  return x
def f49(x: int) -> int:
  return x
def f50(x: int) -> int:
  return x
def f51(x: int) -> int:
  return x
def f52(x: int) -> int:
  return x
def f53(x: int) -> int:
  return x
def f54(x: int) -> int:
  return x
def f55(x: int) -> int:
  return x
def f56(x: int) -> int:
  return x
def f57(x: int) -> int:
  return x
def f58(x: int) -> int:
  return x
def f59(x: int) -> int:
  return x
def f60(x: int) -> int:
  return x
def f61(x: int) -> int:
  return x
def f62(x: int) -> int:
  return x
def f63(x: int) -> int:
  return x
def f64(x: int) -> int:
  return x
def f65(x: int) -> int:
  return x
def f66(x: int) -> int:
  return x
def f67(x: int) -> int:
  return x
def f68(x: int) -> int:
  return x
def f69(x: int) -> int:
  return x
def f70(x: int) -> int:
  return x
def f71(x: int) -> int:
  return x
def f72(x: int) -> int:
  return x
def f73(x: int) -> int:
  return x
def f74(x: int) -> int:
  return x
def f75(x: int) -> int:
  return x
def f76(x: int) -> int:
  return x
def f77(x: int) -> int:
  return x
def f78(x: int) -> int:
  return x
def f79(x: int) -> int:
  return x
def f80(x: int) -> int:
  return x
def f81(x: int) -> int:
  return x
def f82(x: int) -> int:
  return x
def f83(x: int) -> int:
  return x
def f84(x: int) -> int:
  return x
def f85(x: int) -> int:
  return x
def f86(x: int) -> int:
  return x
def f87(x: int) -> int:
  return x
def f88(x: int) -> int:
  return x
def f89(x: int) -> int:
  return x
def f90(x: int) -> int:
  return x
def f91(x: int) -> int:
  return x
def f92(x: int) -> int:
  return x
def f93(x: int) -> int:
  return x
def f94(x: int) -> int:
  return x
def f95(x: int) -> int:
  return x
def f96(x: int) -> int:
  return x
def f97(x: int) -> int:
  return x
def f98(x: int) -> int:
  return x
def f99(x: int) -> int:
  return x
def f100(x: int) -> int:
  return x
def f101(x: int) -> int:
  return x
def f102(x: int) -> int:
  return x
def f103(x: int) -> int:
  return x
def f104(x: int) -> int:
  return x
def f105(x: int) -> int:
  return x
def f106(x: int) -> int:
  return x
def f107(x: int) -> int:
  return x
def f108(x: int) -> int:
  return x
def f109(x: int) -> int:
  return x
def f110(x: int) -> int:
  return x
def f111(x: int) -> int:
  return x
def f112(x: int) -> int:
  return x
def f113(x: int) -> int:
  return x
def f114(x: int) -> int:
  return x
def f115(x: int) -> int:
  return x
def f116(x: int) -> int:
  return x
def f117(x: int) -> int:
  return x
def f118(x: int) -> int:
  return x
def f119(x: int) -> int:
  return x
def f120(x: int) -> int:
  return x
def f121(x: int) -> int:
  return x
def f122(x: int) -> int:
  return x
def f123(x: int) -> int:
  return x
def f124(x: int) -> int:
  return x
def f125(x: int) -> int:
  return x
def f126(x: int) -> int:
  return x
def f127(x: int) -> int:
  return x
def f128(x: int) -> int:
  return x
def f129(x: int) -> int:
  return x
def f130(x: int) -> int:
  return x
def f131(x: int) -> int:
  return x
def f132(x: int) -> int:
  return x
def f133(x: int) -> int:
  return x
def f134(x: int) -> int:
  return x
def f135(x: int) -> int:
  return x
def f136(x: int) -> int:
  return x
def f137(x: int) -> int:
  return x
def f138(x: int) -> int:
  return x
def f139(x: int) -> int:
  return x
def f140(x: int) -> int:
  return x
def f141(x: int) -> int:
  return x
def f142(x: int) -> int:
  return x
def f143(x: int) -> int:
  return x
def f144(x: int) -> int:
  return x
def f145(x: int) -> int:
  return x
def f146(x: int) -> int:
  return x
def f147(x: int) -> int:
  return x
def f148(x: int) -> int:
  return x
def f149(x: int) -> int:
  return x
def f150(x: int) -> int:
  return x
def f151(x: int) -> int:
  return x
def f152(x: int) -> int:
  return x
def f153(x: int) -> int:
  return x
def f154(x: int) -> int:
  return x
def f155(x: int) -> int:
  return x
def f156(x: int) -> int:
  return x
def f157(x: int) -> int:
  return x
def f158(x: int) -> int:
  return x
def f159(x: int) -> int:
  return x
def f160(x: int) -> int:
  return x
def f161(x: int) -> int:
  return x
def f162(x: int) -> int:
  return x
def f163(x: int) -> int:
  return x
def f164(x: int) -> int:
  return x
def f165(x: int) -> int:
  return x
def f166(x: int) -> int:
  return x
def f167(x: int) -> int:
  return x
def f168(x: int) -> int:
  return x
def f169(x: int) -> int:
  return x
def f170(x: int) -> int:
  return x
def f171(x: int) -> int:
  return x
def f172(x: int) -> int:
  return x
def f173(x: int) -> int:
  return x
def f174(x: int) -> int:
  return x
def f175(x: int) -> int:
  return x
def f176(x: int) -> int:
  return x
def f177(x: int) -> int:
  return x
def f178(x: int) -> int:
  return x
def f179(x: int) -> int:
  return x
def f180(x: int) -> int:
  return x
def f181(x: int) -> int:
  return x
def f182(x: int) -> int:
  return x
def f183(x: int) -> int:
  return x
def f184(x: int) -> int:
  return x
def f185(x: int) -> int:
  return x
def f186(x: int) -> int:
  return x
def f187(x: int) -> int:
  return x
def f188(x: int) -> int:
  return x
def f189(x: int) -> int:
  return x
def f190(x: int) -> int:
  return x
def f191(x: int) -> int:
  return x
def f192(x: int) -> int:
  return x
def f193(x: int) -> int:
  return x
def f194(x: int) -> int:
  return x
def f195(x: int) -> int:
  return x
def f196(x: int) -> int:
  return x
def f197(x: int) -> int:
  return x
def f198(x: int) -> int:
  return x
def f199(x: int) -> int:
  return x
def f200(x: int) -> int:
  return x
def f201(x: int) -> int:
  return x
def f202(x: int) -> int:
  return x
def f203(x: int) -> int:
  return x
def f204(x: int) -> int:
  return x
def f205(x: int) -> int:
  return x
def f206(x: int) -> int:
  return x
def f207(x: int) -> int:
  return x
def f208(x: int) -> int:
  return x
def f209(x: int) -> int:
  return x
def f210(x: int) -> int:
  return x
def f211(x: int) -> int:
  return x
def f212(x: int) -> int:
  return x
def f213(x: int) -> int:
  return x
def f214(x: int) -> int:
  return x
def f215(x: int) -> int:
  return x
def f216(x: int) -> int:
  return x
def f217(x: int) -> int:
  return x
def f218(x: int) -> int:
  return x
def f219(x: int) -> int:
  return x
def f220(x: int) -> int:
  return x
def f221(x: int) -> int:
  return x
def f222(x: int) -> int:
  return x
def f223(x: int) -> int:
  return x
def f224(x: int) -> int:
  return x
def f225(x: int) -> int:
  return x
def f226(x: int) -> int:
  return x
def f227(x: int) -> int:
  return x
def f228(x: int) -> int:
  return x
def f229(x: int) -> int:
  return x
def f230(x: int) -> int:
  return x
def f231(x: int) -> int:
  return x
def f232(x: int) -> int:
  return x
def f233(x: int) -> int:
  return x
def f234(x: int) -> int:
  return x
def f235(x: int) -> int:
  return x
def f236(x: int) -> int:
  return x
def f237(x: int) -> int:
  return x
def f238(x: int) -> int:
  return x
def f239(x: int) -> int:
  return x
def f240(x: int) -> int:
  return x
def f241(x: int) -> int:
  return x
def f242(x: int) -> int:
  return x
def f243(x: int) -> int:
  return x
def f244(x: int) -> int:
  return x
def f245(x: int) -> int:
  return x
def f246(x: int) -> int:
  return x
def f247(x: int) -> int:
  return x
def f248(x: int) -> int:
  return x
def f249(x: int) -> int:
  return x
def f250(x: int) -> int:
  return x
def f251(x: int) -> int:
  return x
def f252(x: int) -> int:
  return x
def f253(x: int) -> int:
  return x
def f254(x: int) -> int:
  return x
def f255(x: int) -> int:
  return x
def f256(x: int) -> int:
  return x
def f257(x: int) -> int:
  return x
def f258(x: int) -> int:
  return x
def f259(x: int) -> int:
  return x
def f260(x: int) -> int:
  return x
def f261(x: int) -> int:
  return x
def f262(x: int) -> int:
  return x
def f263(x: int) -> int:
  return x
def f264(x: int) -> int:
  return x
def f265(x: int) -> int:
  return x
def f266(x: int) -> int:
  return x
def f267(x: int) -> int:
  return x
def f268(x: int) -> int:
  return x
def f269(x: int) -> int:
  return x
def f270(x: int) -> int:
  return x
def f271(x: int) -> int:
  return x
def f272(x: int) -> int:
  return x
def f273(x: int) -> int:
  return x
def f274(x: int) -> int:
  return x
def f275(x: int) -> int:
  return x
def f276(x: int) -> int:
  return x
def f277(x: int) -> int:
  return x
def f278(x: int) -> int:
  return x
def f279(x: int) -> int:
  return x
def f280(x: int) -> int:
  return x
def f281(x: int) -> int:
  return x
def f282(x: int) -> int:
  return x
def f283(x: int) -> int:
  return x
def f284(x: int) -> int:
  return x
def f285(x: int) -> int:
  return x
def f286(x: int) -> int:
  return x
def f287(x: int) -> int:
  return x
def f288(x: int) -> int:
  return x
def f289(x: int) -> int:
  return x
def f290(x: int) -> int:
  return x
def f291(x: int) -> int:
  return x
def f292(x: int) -> int:
  return x
def f293(x: int) -> int:
  return x
def f294(x: int) -> int:
  return x
def f295(x: int) -> int:
  return x
def f296(x: int) -> int:
  return x
def f297(x: int) -> int:
  return x
def f298(x: int) -> int:
  return x
def f299(x: int) -> int:
  return x
def f300(x: int) -> int:
  return x
def f301(x: int) -> int:
  return x
def f302(x: int) -> int:
  return x
def f303(x: int) -> int:
  return x
def f304(x: int) -> int:
  return x
def f305(x: int) -> int:
  return x
def f306(x: int) -> int:
  return x
def f307(x: int) -> int:
  return x
def f308(x: int) -> int:
  return x
def f309(x: int) -> int:
  return x
def f310(x: int) -> int:
  return x
def f311(x: int) -> int:
  return x
def f312(x: int) -> int:
  return x
def f313(x: int) -> int:
  return x
def f314(x: int) -> int:
  return x
def f315(x: int) -> int:
  return x
def f316(x: int) -> int:
  return x
def f317(x: int) -> int:
  return x
def f318(x: int) -> int:
  return x
def f319(x: int) -> int:
  return x
def f320(x: int) -> int:
  return x
def f321(x: int) -> int:
  return x
def f322(x: int) -> int:
  return x
def f323(x: int) -> int:
  return x
def f324(x: int) -> int:
  return x
def f325(x: int) -> int:
  return x
def f326(x: int) -> int:
  return x
def f327(x: int) -> int:
  return x
def f328(x: int) -> int:
  return x
def f329(x: int) -> int:
  return x
def f330(x: int) -> int:
  return x
def f331(x: int) -> int:
  return x
def f332(x: int) -> int:
  return x
def f333(x: int) -> int:
  return x
def f334(x: int) -> int:
  return x
def f335(x: int) -> int:
  return x
def f336(x: int) -> int:
  return x
def f337(x: int) -> int:
  return x
def f338(x: int) -> int:
  return x
def f339(x: int) -> int:
  return x
def f340(x: int) -> int:
  return x
def f341(x: int) -> int:
  return x
def f342(x: int) -> int:
  return x
def f343(x: int) -> int:
  return x
def f344(x: int) -> int:
  return x
def f345(x: int) -> int:
  return x
def f346(x: int) -> int:
  return x
def f347(x: int) -> int:
  return x
def f348(x: int) -> int:
  return x
def f349(x: int) -> int:
  return x
def f350(x: int) -> int:
  return x
def f351(x: int) -> int:
  return x
def f352(x: int) -> int:
  return x
def f353(x: int) -> int:
  return x
def f354(x: int) -> int:
  return x
def f355(x: int) -> int:
  return x
def f356(x: int) -> int:
  return x
def f357(x: int) -> int:
  return x
def f358(x: int) -> int:
  return x
def f359(x: int) -> int:
  return x
def f360(x: int) -> int:
  return x
def f361(x: int) -> int:
  return x
def f362(x: int) -> int:
  return x
def f363(x: int) -> int:
  return x
def f364(x: int) -> int:
  return x
def f365(x: int) -> int:
  return x
def f366(x: int) -> int:
  return x
def f367(x: int) -> int:
  return x
def f368(x: int) -> int:
  return x
def f369(x: int) -> int:
  return x
def f370(x: int) -> int:
  return x
def f371(x: int) -> int:
  return x
def f372(x: int) -> int:
  return x
def f373(x: int) -> int:
  return x
def f374(x: int) -> int:
  return x
def f375(x: int) -> int:
  return x
def f376(x: int) -> int:
  return x
def f377(x: int) -> int:
  return x
def f378(x: int) -> int:
  return x
def f379(x: int) -> int:
  return x
def f380(x: int) -> int:
  return x
def f381(x: int) -> int:
  return x
def f382(x: int) -> int:
  return x
def f383(x: int) -> int:
  return x
def f384(x: int) -> int:
  return x
def f385(x: int) -> int:
  return x
def f386(x: int) -> int:
  return x
def f387(x: int) -> int:
  return x
def f388(x: int) -> int:
  return x
def f389(x: int) -> int:
  return x
def f390(x: int) -> int:
  return x
def f391(x: int) -> int:
  return x
def f392(x: int) -> int:
  return x
def f393(x: int) -> int:
  return x
def f394(x: int) -> int:
  return x
def f395(x: int) -> int:
  return x
def f396(x: int) -> int:
  return x
def f397(x: int) -> int:
  return x
def f398(x: int) -> int:
  return x
def f399(x: int) -> int:
  return x
def f400(x: int) -> int:
  return x
def f401(x: int) -> int:
  return x
def f402(x: int) -> int:
  return x
def f403(x: int) -> int:
  return x
def f404(x: int) -> int:
  return x
def f405(x: int) -> int:
  return x
def f406(x: int) -> int:
  return x
def f407(x: int) -> int:
  return x
def f408(x: int) -> int:
  return x
def f409(x: int) -> int:
  return x
def f410(x: int) -> int:
  return x
def f411(x: int) -> int:
  return x
def f412(x: int) -> int:
  return x
def f413(x: int) -> int:
  return x
def f414(x: int) -> int:
  return x
def f415(x: int) -> int:
  return x
def f416(x: int) -> int:
  return x
def f417(x: int) -> int:
  return x
def f418(x: int) -> int:
  return x
def f419(x: int) -> int:
  return x
def f420(x: int) -> int:
  return x
def f421(x: int) -> int:
  return x
def f422(x: int) -> int:
  return x
def f423(x: int) -> int:
  return x
def f424(x: int) -> int:
  return x
def f425(x: int) -> int:
  return x
def f426(x: int) -> int:
  return x
def f427(x: int) -> int:
  return x
def f428(x: int) -> int:
  return x
def f429(x: int) -> int:
  return x
def f430(x: int) -> int:
  return x
def f431(x: int) -> int:
  return x
def f432(x: int) -> int:
  return x
def f433(x: int) -> int:
  return x
def f434(x: int) -> int:
  return x
def f435(x: int) -> int:
  return x
def f436(x: int) -> int:
  return x
def f437(x: int) -> int:
  return x
def f438(x: int) -> int:
  return x
def f439(x: int) -> int:
  return x
def f440(x: int) -> int:
  return x
def f441(x: int) -> int:
  return x
def f442(x: int) -> int:
  return x
def f443(x: int) -> int:
  return x
def f444(x: int) -> int:
  return x
def f445(x: int) -> int:
  return x
def f446(x: int) -> int:
  return x
def f447(x: int) -> int:
  return x
def f448(x: int) -> int:
  return x
def f449(x: int) -> int:
  return x
def f450(x: int) -> int:
  return x
def f451(x: int) -> int:
  return x
def f452(x: int) -> int:
  return x
def f453(x: int) -> int:
  return x
def f454(x: int) -> int:
  return x
def f455(x: int) -> int:
  return x
def f456(x: int) -> int:
  return x
def f457(x: int) -> int:
  return x
def f458(x: int) -> int:
  return x
def f459(x: int) -> int:
  return x
def f460(x: int) -> int:
  return x
def f461(x: int) -> int:
  return x
def f462(x: int) -> int:
  return x
def f463(x: int) -> int:
  return x
def f464(x: int) -> int:
  return x
def f465(x: int) -> int:
  return x
def f466(x: int) -> int:
  return x
def f467(x: int) -> int:
  return x
def f468(x: int) -> int:
  return x
def f469(x: int) -> int:
  return x
def f470(x: int) -> int:
  return x
def f471(x: int) -> int:
  return x
def f472(x: int) -> int:
  return x
def f473(x: int) -> int:
  return x
def f474(x: int) -> int:
  return x
def f475(x: int) -> int:
  return x
def f476(x: int) -> int:
  return x
def f477(x: int) -> int:
  return x
def f478(x: int) -> int:
  return x
def f479(x: int) -> int:
  return x
def f480(x: int) -> int:
  return x
def f481(x: int) -> int:
  return x
def f482(x: int) -> int:
  return x
def f483(x: int) -> int:
  return x
def f484(x: int) -> int:
  return x
def f485(x: int) -> int:
  return x
def f486(x: int) -> int:
  return x
def f487(x: int) -> int:
  return x
def f488(x: int) -> int:
  return x
def f489(x: int) -> int:
  return x
def f490(x: int) -> int:
  return x
def f491(x: int) -> int:
  return x
def f492(x: int) -> int:
  return x
def f493(x: int) -> int:
  return x
def f494(x: int) -> int:
  return x
def f495(x: int) -> int:
  return x
def f496(x: int) -> int:
  return x
def f497(x: int) -> int:
  return x
def f498(x: int) -> int:
  return x
def f499(x: int) -> int:
  return x
def f500(x: int) -> int:
  return x
def f501(x: int) -> int:
  return x
def f502(x: int) -> int:
  return x
def f503(x: int) -> int:
  return x
def f504(x: int) -> int:
  return x
def f505(x: int) -> int:
  return x
def f506(x: int) -> int:
  return x
def f507(x: int) -> int:
  return x
def f508(x: int) -> int:
  return x
def f509(x: int) -> int:
  return x
def f510(x: int) -> int:
  return x
def f511(x: int) -> int:
  return x
def f512(x: int) -> int:
  return x
def f513(x: int) -> int:
  return x
def f514(x: int) -> int:
  return x
def f515(x: int) -> int:
  return x
def f516(x: int) -> int:
  return x
def f517(x: int) -> int:
  return x
def f518(x: int) -> int:
  return x
def f519(x: int) -> int:
  return x
def f520(x: int) -> int:
  return x
def f521(x: int) -> int:
  return x
def f522(x: int) -> int:
  return x
def f523(x: int) -> int:
  return x
def f524(x: int) -> int:
  return x
def f525(x: int) -> int:
  return x
def f526(x: int) -> int:
  return x
def f527(x: int) -> int:
  return x
def f528(x: int) -> int:
  return x
def f529(x: int) -> int:
  return x
def f530(x: int) -> int:
  return x
def f531(x: int) -> int:
  return x
def f532(x: int) -> int:
  return x
def f533(x: int) -> int:
  return x
def f534(x: int) -> int:
  return x
def f535(x: int) -> int:
  return x
def f536(x: int) -> int:
  return x
def f537(x: int) -> int:
  return x
def f538(x: int) -> int:
  return x
def f539(x: int) -> int:
  return x
def f540(x: int) -> int:
  return x
def f541(x: int) -> int:
  return x
def f542(x: int) -> int:
  return x
def f543(x: int) -> int:
  return x
def f544(x: int) -> int:
  return x
def f545(x: int) -> int:
  return x
def f546(x: int) -> int:
  return x
def f547(x: int) -> int:
  return x
def f548(x: int) -> int:
  return x
def f549(x: int) -> int:
  return x
def f550(x: int) -> int:
  return x
def f551(x: int) -> int:
  return x
def f552(x: int) -> int:
  return x
def f553(x: int) -> int:
  return x
def f554(x: int) -> int:
  return x
def f555(x: int) -> int:
  return x
def f556(x: int) -> int:
  return x
def f557(x: int) -> int:
  return x
def f558(x: int) -> int:
  return x
def f559(x: int) -> int:
  return x
def f560(x: int) -> int:
  return x
def f561(x: int) -> int:
  return x
def f562(x: int) -> int:
  return x
def f563(x: int) -> int:
  return x
def f564(x: int) -> int:
  return x
def f565(x: int) -> int:
  return x
def f566(x: int) -> int:
  return x
def f567(x: int) -> int:
  return x
def f568(x: int) -> int:
  return x
def f569(x: int) -> int:
  return x
def f570(x: int) -> int:
  return x
def f571(x: int) -> int:
  return x
def f572(x: int) -> int:
  return x
def f573(x: int) -> int:
  return x
def f574(x: int) -> int:
  return x
def f575(x: int) -> int:
  return x
def f576(x: int) -> int:
  return x
def f577(x: int) -> int:
  return x
def f578(x: int) -> int:
  return x
def f579(x: int) -> int:
  return x
def f580(x: int) -> int:
  return x
def f581(x: int) -> int:
  return x
def f582(x: int) -> int:
  return x
def f583(x: int) -> int:
  return x
def f584(x: int) -> int:
  return x
def f585(x: int) -> int:
  return x
def f586(x: int) -> int:
  return x
def f587(x: int) -> int:
  return x
def f588(x: int) -> int:
  return x
def f589(x: int) -> int:
  return x
def f590(x: int) -> int:
  return x
def f591(x: int) -> int:
  return x
def f592(x: int) -> int:
  return x
def f593(x: int) -> int:
  return x
def f594(x: int) -> int:
  return x
def f595(x: int) -> int:
  return x
def f596(x: int) -> int:
  return x
def f597(x: int) -> int:
  return x
def f598(x: int) -> int:
  return x
def f599(x: int) -> int:
  return x
def f600(x: int) -> int:
  return x
def f601(x: int) -> int:
  return x
def f602(x: int) -> int:
  return x
def f603(x: int) -> int:
  return x
def f604(x: int) -> int:
  return x
def f605(x: int) -> int:
  return x
def f606(x: int) -> int:
  return x
def f607(x: int) -> int:
  return x
def f608(x: int) -> int:
  return x
def f609(x: int) -> int:
  return x
def f610(x: int) -> int:
  return x
def f611(x: int) -> int:
  return x
def f612(x: int) -> int:
  return x
def f613(x: int) -> int:
  return x
def f614(x: int) -> int:
  return x
def f615(x: int) -> int:
  return x
def f616(x: int) -> int:
  return x
def f617(x: int) -> int:
  return x
def f618(x: int) -> int:
  return x
def f619(x: int) -> int:
  return x
def f620(x: int) -> int:
  return x
def f621(x: int) -> int:
  return x
def f622(x: int) -> int:
  return x
def f623(x: int) -> int:
  return x
def f624(x: int) -> int:
  return x
def f625(x: int) -> int:
  return x
def f626(x: int) -> int:
  return x
def f627(x: int) -> int:
  return x
def f628(x: int) -> int:
  return x
def f629(x: int) -> int:
  return x
def f630(x: int) -> int:
  return x
def f631(x: int) -> int:
  return x
def f632(x: int) -> int:
  return x
def f633(x: int) -> int:
  return x
def f634(x: int) -> int:
  return x
def f635(x: int) -> int:
  return x
def f636(x: int) -> int:
  return x
def f637(x: int) -> int:
  return x
def f638(x: int) -> int:
  return x
def f639(x: int) -> int:
  return x
def f640(x: int) -> int:
  return x
def f641(x: int) -> int:
  return x
def f642(x: int) -> int:
  return x
def f643(x: int) -> int:
  return x
def f644(x: int) -> int:
  return x
def f645(x: int) -> int:
  return x
def f646(x: int) -> int:
  return x
def f647(x: int) -> int:
  return x
def f648(x: int) -> int:
  return x
def f649(x: int) -> int:
  return x
def f650(x: int) -> int:
  return x
def f651(x: int) -> int:
  return x
def f652(x: int) -> int:
  return x
def f653(x: int) -> int:
  return x
def f654(x: int) -> int:
  return x
def f655(x: int) -> int:
  return x
def f656(x: int) -> int:
  return x
def f657(x: int) -> int:
  return x
def f658(x: int) -> int:
  return x
def f659(x: int) -> int:
  return x
def f660(x: int) -> int:
  return x
def f661(x: int) -> int:
  return x
def f662(x: int) -> int:
  return x
def f663(x: int) -> int:
  return x
def f664(x: int) -> int:
  return x
def f665(x: int) -> int:
  return x
def f666(x: int) -> int:
  return x
def f667(x: int) -> int:
  return x
def f668(x: int) -> int:
  return x
def f669(x: int) -> int:
  return x
def f670(x: int) -> int:
  return x
def f671(x: int) -> int:
  return x
def f672(x: int) -> int:
  return x
def f673(x: int) -> int:
  return x
def f674(x: int) -> int:
  return x
def f675(x: int) -> int:
  return x
def f676(x: int) -> int:
  return x
def f677(x: int) -> int:
  return x
def f678(x: int) -> int:
  return x
def f679(x: int) -> int:
  return x
def f680(x: int) -> int:
  return x
def f681(x: int) -> int:
  return x
def f682(x: int) -> int:
  return x
def f683(x: int) -> int:
  return x
def f684(x: int) -> int:
  return x
def f685(x: int) -> int:
  return x
def f686(x: int) -> int:
  return x
def f687(x: int) -> int:
  return x
def f688(x: int) -> int:
  return x
def f689(x: int) -> int:
  return x
def f690(x: int) -> int:
  return x
def f691(x: int) -> int:
  return x
def f692(x: int) -> int:
  return x
def f693(x: int) -> int:
  return x
def f694(x: int) -> int:
  return x
def f695(x: int) -> int:
  return x
def f696(x: int) -> int:
  return x
def f697(x: int) -> int:
  return x
def f698(x: int) -> int:
  return x
def f699(x: int) -> int:
  return x
def f700(x: int) -> int:
  return x
def f701(x: int) -> int:
  return x
def f702(x: int) -> int:
  return x
def f703(x: int) -> int:
  return x
def f704(x: int) -> int:
  return x
def f705(x: int) -> int:
  return x
def f706(x: int) -> int:
  return x
def f707(x: int) -> int:
  return x
def f708(x: int) -> int:
  return x
def f709(x: int) -> int:
  return x
def f710(x: int) -> int:
  return x
def f711(x: int) -> int:
  return x
def f712(x: int) -> int:
  return x
def f713(x: int) -> int:
  return x
def f714(x: int) -> int:
  return x
def f715(x: int) -> int:
  return x
def f716(x: int) -> int:
  return x
def f717(x: int) -> int:
  return x
def f718(x: int) -> int:
  return x
def f719(x: int) -> int:
  return x
def f720(x: int) -> int:
  return x
def f721(x: int) -> int:
  return x
def f722(x: int) -> int:
  return x
def f723(x: int) -> int:
  return x
def f724(x: int) -> int:
  return x
def f725(x: int) -> int:
  return x
def f726(x: int) -> int:
  return x
def f727(x: int) -> int:
  return x
def f728(x: int) -> int:
  return x
def f729(x: int) -> int:
  return x
def f730(x: int) -> int:
  return x
def f731(x: int) -> int:
  return x
def f732(x: int) -> int:
  return x
def f733(x: int) -> int:
  return x
def f734(x: int) -> int:
  return x
def f735(x: int) -> int:
  return x
def f736(x: int) -> int:
  return x
def f737(x: int) -> int:
  return x
def f738(x: int) -> int:
  return x
def f739(x: int) -> int:
  return x
def f740(x: int) -> int:
  return x
def f741(x: int) -> int:
  return x
def f742(x: int) -> int:
  return x
def f743(x: int) -> int:
  return x
def f744(x: int) -> int:
  return x
def f745(x: int) -> int:
  return x
def f746(x: int) -> int:
  return x
def f747(x: int) -> int:
  return x
def f748(x: int) -> int:
  return x
def f749(x: int) -> int:
  return x
def f750(x: int) -> int:
  return x
def f751(x: int) -> int:
  return x
def f752(x: int) -> int:
  return x
def f753(x: int) -> int:
  return x
def f754(x: int) -> int:
  return x
def f755(x: int) -> int:
  return x
def f756(x: int) -> int:
  return x
def f757(x: int) -> int:
  return x
def f758(x: int) -> int:
  return x
def f759(x: int) -> int:
  return x
def f760(x: int) -> int:
  return x
def f761(x: int) -> int:
  return x
def f762(x: int) -> int:
  return x
def f763(x: int) -> int:
  return x
def f764(x: int) -> int:
  return x
def f765(x: int) -> int:
  return x
def f766(x: int) -> int:
  return x
def f767(x: int) -> int:
  return x
def f768(x: int) -> int:
  return x
def f769(x: int) -> int:
  return x
def f770(x: int) -> int:
  return x
def f771(x: int) -> int:
  return x
def f772(x: int) -> int:
  return x
def f773(x: int) -> int:
  return x
def f774(x: int) -> int:
  return x
def f775(x: int) -> int:
  return x
def f776(x: int) -> int:
  return x
def f777(x: int) -> int:
  return x
def f778(x: int) -> int:
  return x
def f779(x: int) -> int:
  return x
def f780(x: int) -> int:
  return x
def f781(x: int) -> int:
  return x
def f782(x: int) -> int:
  return x
def f783(x: int) -> int:
  return x
def f784(x: int) -> int:
  return x
def f785(x: int) -> int:
  return x
def f786(x: int) -> int:
  return x
def f787(x: int) -> int:
  return x
def f788(x: int) -> int:
  return x
def f789(x: int) -> int:
  return x
def f790(x: int) -> int:
  return x
def f791(x: int) -> int:
  return x
def f792(x: int) -> int:
  return x
def f793(x: int) -> int:
  return x
def f794(x: int) -> int:
  return x
def f795(x: int) -> int:
  return x
def f796(x: int) -> int:
  return x
def f797(x: int) -> int:
  return x
def f798(x: int) -> int:
  return x
def f799(x: int) -> int:
  return x
def f800(x: int) -> int:
  return x
def f801(x: int) -> int:
  return x
def f802(x: int) -> int:
  return x
def f803(x: int) -> int:
  return x
def f804(x: int) -> int:
  return x
def f805(x: int) -> int:
  return x
def f806(x: int) -> int:
  return x
def f807(x: int) -> int:
  return x
def f808(x: int) -> int:
  return x
def f809(x: int) -> int:
  return x
def f810(x: int) -> int:
  return x
def f811(x: int) -> int:
  return x
def f812(x: int) -> int:
  return x
def f813(x: int) -> int:
  return x
def f814(x: int) -> int:
  return x
def f815(x: int) -> int:
  return x
def f816(x: int) -> int:
  return x
def f817(x: int) -> int:
  return x
def f818(x: int) -> int:
  return x
def f819(x: int) -> int:
  return x
def f820(x: int) -> int:
  return x
def f821(x: int) -> int:
  return x
def f822(x: int) -> int:
  return x
def f823(x: int) -> int:
  return x
def f824(x: int) -> int:
  return x
def f825(x: int) -> int:
  return x
def f826(x: int) -> int:
  return x
def f827(x: int) -> int:
  return x
def f828(x: int) -> int:
  return x
def f829(x: int) -> int:
  return x
def f830(x: int) -> int:
  return x
def f831(x: int) -> int:
  return x
def f832(x: int) -> int:
  return x
def f833(x: int) -> int:
  return x
def f834(x: int) -> int:
  return x
def f835(x: int) -> int:
  return x
def f836(x: int) -> int:
  return x
def f837(x: int) -> int:
  return x
def f838(x: int) -> int:
  return x
def f839(x: int) -> int:
  return x
def f840(x: int) -> int:
  return x
def f841(x: int) -> int:
  return x
def f842(x: int) -> int:
  return x
def f843(x: int) -> int:
  return x
def f844(x: int) -> int:
  return x
def f845(x: int) -> int:
  return x
def f846(x: int) -> int:
  return x
def f847(x: int) -> int:
  return x
def f848(x: int) -> int:
  return x
def f849(x: int) -> int:
  return x
def f850(x: int) -> int:
  return x
def f851(x: int) -> int:
  return x
def f852(x: int) -> int:
  return x
def f853(x: int) -> int:
  return x
def f854(x: int) -> int:
  return x
def f855(x: int) -> int:
  return x
def f856(x: int) -> int:
  return x
def f857(x: int) -> int:
  return x
def f858(x: int) -> int:
  return x
def f859(x: int) -> int:
  return x
def f860(x: int) -> int:
  return x
def f861(x: int) -> int:
  return x
def f862(x: int) -> int:
  return x
def f863(x: int) -> int:
  return x
def f864(x: int) -> int:
  return x
def f865(x: int) -> int:
  return x
def f866(x: int) -> int:
  return x
def f867(x: int) -> int:
  return x
def f868(x: int) -> int:
  return x
def f869(x: int) -> int:
  return x
def f870(x: int) -> int:
  return x
def f871(x: int) -> int:
  return x
def f872(x: int) -> int:
  return x
def f873(x: int) -> int:
  return x
def f874(x: int) -> int:
  return x
def f875(x: int) -> int:
  return x
def f876(x: int) -> int:
  return x
def f877(x: int) -> int:
  return x
def f878(x: int) -> int:
  return x
def f879(x: int) -> int:
  return x
def f880(x: int) -> int:
  return x
def f881(x: int) -> int:
  return x
def f882(x: int) -> int:
  return x
def f883(x: int) -> int:
  return x
def f884(x: int) -> int:
  return x
def f885(x: int) -> int:
  return x
def f886(x: int) -> int:
  return x
def f887(x: int) -> int:
  return x
def f888(x: int) -> int:
  return x
def f889(x: int) -> int:
  return x
def f890(x: int) -> int:
  return x
def f891(x: int) -> int:
  return x
def f892(x: int) -> int:
  return x
def f893(x: int) -> int:
  return x
def f894(x: int) -> int:
  return x
def f895(x: int) -> int:
  return x
def f896(x: int) -> int:
  return x
def f897(x: int) -> int:
  return x
def f898(x: int) -> int:
  return x
def f899(x: int) -> int:
  return x
def f900(x: int) -> int:
  return x
def f901(x: int) -> int:
  return x
def f902(x: int) -> int:
  return x
def f903(x: int) -> int:
  return x
def f904(x: int) -> int:
  return x
def f905(x: int) -> int:
  return x
def f906(x: int) -> int:
  return x
def f907(x: int) -> int:
  return x
def f908(x: int) -> int:
  return x
def f909(x: int) -> int:
  return x
def f910(x: int) -> int:
  return x
def f911(x: int) -> int:
  return x
def f912(x: int) -> int:
  return x
def f913(x: int) -> int:
  return x
def f914(x: int) -> int:
  return x
def f915(x: int) -> int:
  return x
def f916(x: int) -> int:
  return x
def f917(x: int) -> int:
  return x
def f918(x: int) -> int:
  return x
def f919(x: int) -> int:
  return x
def f920(x: int) -> int:
  return x
def f921(x: int) -> int:
  return x
def f922(x: int) -> int:
  return x
def f923(x: int) -> int:
  return x
def f924(x: int) -> int:
  return x
def f925(x: int) -> int:
  return x
def f926(x: int) -> int:
  return x
def f927(x: int) -> int:
  return x
def f928(x: int) -> int:
  return x
def f929(x: int) -> int:
  return x
def f930(x: int) -> int:
  return x
def f931(x: int) -> int:
  return x
def f932(x: int) -> int:
  return x
def f933(x: int) -> int:
  return x
def f934(x: int) -> int:
  return x
def f935(x: int) -> int:
  return x
def f936(x: int) -> int:
  return x
def f937(x: int) -> int:
  return x
def f938(x: int) -> int:
  return x
def f939(x: int) -> int:
  return x
def f940(x: int) -> int:
  return x
def f941(x: int) -> int:
  return x
def f942(x: int) -> int:
  return x
def f943(x: int) -> int:
  return x
def f944(x: int) -> int:
  return x
def f945(x: int) -> int:
  return x
def f946(x: int) -> int:
  return x
def f947(x: int) -> int:
  return x
def f948(x: int) -> int:
  return x
def f949(x: int) -> int:
  return x
def f950(x: int) -> int:
  return x
def f951(x: int) -> int:
  return x
def f952(x: int) -> int:
  return x
def f953(x: int) -> int:
  return x
def f954(x: int) -> int:
  return x
def f955(x: int) -> int:
  return x
def f956(x: int) -> int:
  return x
def f957(x: int) -> int:
  return x
def f958(x: int) -> int:
  return x
def f959(x: int) -> int:
  return x
def f960(x: int) -> int:
  return x
def f961(x: int) -> int:
  return x
def f962(x: int) -> int:
  return x
def f963(x: int) -> int:
  return x
def f964(x: int) -> int:
  return x
def f965(x: int) -> int:
  return x
def f966(x: int) -> int:
  return x
def f967(x: int) -> int:
  return x
def f968(x: int) -> int:
  return x
def f969(x: int) -> int:
  return x
def f970(x: int) -> int:
  return x
def f971(x: int) -> int:
  return x
def f972(x: int) -> int:
  return x
def f973(x: int) -> int:
  return x
def f974(x: int) -> int:
  return x
def f975(x: int) -> int:
  return x
def f976(x: int) -> int:
  return x
def f977(x: int) -> int:
  return x
def f978(x: int) -> int:
  return x
def f979(x: int) -> int:
  return x
def f980(x: int) -> int:
  return x
def f981(x: int) -> int:
  return x
def f982(x: int) -> int:
  return x
def f983(x: int) -> int:
  return x
def f984(x: int) -> int:
  return x
def f985(x: int) -> int:
  return x
def f986(x: int) -> int:
  return x
def f987(x: int) -> int:
  return x
def f988(x: int) -> int:
  return x
def f989(x: int) -> int:
  return x
def f990(x: int) -> int:
  return x
def f991(x: int) -> int:
  return x
def f992(x: int) -> int:
  return x
def f993(x: int) -> int:
  return x
def f994(x: int) -> int:
  return x
def f995(x: int) -> int:
  return x
def f996(x: int) -> int:
  return x
def f997(x: int) -> int:
  return x
def f998(x: int) -> int:
  return x
def f999(x: int) -> int:
  return x
def f1000(x: int) -> int:
  return x
def f1001(x: int) -> int:
  return x
def f1002(x: int) -> int:
  return x
def f1003(x: int) -> int:
  return x
def f1004(x: int) -> int:
  return x
def f1005(x: int) -> int:
  return x
def f1006(x: int) -> int:
  return x
def f1007(x: int) -> int:
  return x
def f1008(x: int) -> int:
  return x
def f1009(x: int) -> int:
  return x
def f1010(x: int) -> int:
  return x
def f1011(x: int) -> int:
  return x
def f1012(x: int) -> int:
  return x
def f1013(x: int) -> int:
  return x
def f1014(x: int) -> int:
  return x
def f1015(x: int) -> int:
  return x
def f1016(x: int) -> int:
  return x
def f1017(x: int) -> int:
  return x
def f1018(x: int) -> int:
  return x
def f1019(x: int) -> int:
  return x
def f1020(x: int) -> int:
  return x
def f1021(x: int) -> int:
  return x
def f1022(x: int) -> int:
  return x
def f1023(x: int) -> int:
  return x
def f1024(x: int) -> int:
  return x
def f1025(x: int) -> int:
  return x
def f1026(x: int) -> int:
  return x
def f1027(x: int) -> int:
  return x
def f1028(x: int) -> int:
  return x
def f1029(x: int) -> int:
  return x
def f1030(x: int) -> int:
  return x
def f1031(x: int) -> int:
  return x
def f1032(x: int) -> int:
  return x
def f1033(x: int) -> int:
  return x
def f1034(x: int) -> int:
  return x
def f1035(x: int) -> int:
  return x
def f1036(x: int) -> int:
  return x
def f1037(x: int) -> int:
  return x
def f1038(x: int) -> int:
  return x
def f1039(x: int) -> int:
  return x
def f1040(x: int) -> int:
  return x
def f1041(x: int) -> int:
  return x
def f1042(x: int) -> int:
  return x
def f1043(x: int) -> int:
  return x
def f1044(x: int) -> int:
  return x
def f1045(x: int) -> int:
  return x
def f1046(x: int) -> int:
  return x
def f1047(x: int) -> int:
  return x
def f1048(x: int) -> int:
  return x
def f1049(x: int) -> int:
  return x
def f1050(x: int) -> int:
  return x
def f1051(x: int) -> int:
  return x
def f1052(x: int) -> int:
  return x
def f1053(x: int) -> int:
  return x
def f1054(x: int) -> int:
  return x
def f1055(x: int) -> int:
  return x
def f1056(x: int) -> int:
  return x
def f1057(x: int) -> int:
  return x
def f1058(x: int) -> int:
  return x
def f1059(x: int) -> int:
  return x
def f1060(x: int) -> int:
  return x
def f1061(x: int) -> int:
  return x
def f1062(x: int) -> int:
  return x
def f1063(x: int) -> int:
  return x
def f1064(x: int) -> int:
  return x
def f1065(x: int) -> int:
  return x
def f1066(x: int) -> int:
  return x
def f1067(x: int) -> int:
  return x
def f1068(x: int) -> int:
  return x
def f1069(x: int) -> int:
  return x
def f1070(x: int) -> int:
  return x
def f1071(x: int) -> int:
  return x
def f1072(x: int) -> int:
  return x
def f1073(x: int) -> int:
  return x
def f1074(x: int) -> int:
  return x
def f1075(x: int) -> int:
  return x
def f1076(x: int) -> int:
  return x
def f1077(x: int) -> int:
  return x
def f1078(x: int) -> int:
  return x
def f1079(x: int) -> int:
  return x
def f1080(x: int) -> int:
  return x
def f1081(x: int) -> int:
  return x
def f1082(x: int) -> int:
  return x
def f1083(x: int) -> int:
  return x
def f1084(x: int) -> int:
  return x
def f1085(x: int) -> int:
  return x
def f1086(x: int) -> int:
  return x
def f1087(x: int) -> int:
  return x
def f1088(x: int) -> int:
  return x
def f1089(x: int) -> int:
  return x
def f1090(x: int) -> int:
  return x
def f1091(x: int) -> int:
  return x
def f1092(x: int) -> int:
  return x
def f1093(x: int) -> int:
  return x
def f1094(x: int) -> int:
  return x
def f1095(x: int) -> int:
  return x
def f1096(x: int) -> int:
  return x
def f1097(x: int) -> int:
  return x
def f1098(x: int) -> int:
  return x
def f1099(x: int) -> int:
  return x
def f1100(x: int) -> int:
  return x
def f1101(x: int) -> int:
  return x
def f1102(x: int) -> int:
  return x
def f1103(x: int) -> int:
  return x
def f1104(x: int) -> int:
  return x
def f1105(x: int) -> int:
  return x
def f1106(x: int) -> int:
  return x
def f1107(x: int) -> int:
  return x
def f1108(x: int) -> int:
  return x
def f1109(x: int) -> int:
  return x
def f1110(x: int) -> int:
  return x
def f1111(x: int) -> int:
  return x
def f1112(x: int) -> int:
  return x
def f1113(x: int) -> int:
  return x
def f1114(x: int) -> int:
  return x
def f1115(x: int) -> int:
  return x
def f1116(x: int) -> int:
  return x
def f1117(x: int) -> int:
  return x
def f1118(x: int) -> int:
  return x
def f1119(x: int) -> int:
  return x
def f1120(x: int) -> int:
  return x
def f1121(x: int) -> int:
  return x
def f1122(x: int) -> int:
  return x
def f1123(x: int) -> int:
  return x
def f1124(x: int) -> int:
  return x
def f1125(x: int) -> int:
  return x
def f1126(x: int) -> int:
  return x
def f1127(x: int) -> int:
  return x
def f1128(x: int) -> int:
  return x
def f1129(x: int) -> int:
  return x
def f1130(x: int) -> int:
  return x
def f1131(x: int) -> int:
  return x
def f1132(x: int) -> int:
  return x
def f1133(x: int) -> int:
  return x
def f1134(x: int) -> int:
  return x
def f1135(x: int) -> int:
  return x
def f1136(x: int) -> int:
  return x
def f1137(x: int) -> int:
  return x
def f1138(x: int) -> int:
  return x
def f1139(x: int) -> int:
  return x
def f1140(x: int) -> int:
  return x
def f1141(x: int) -> int:
  return x
def f1142(x: int) -> int:
  return x
def f1143(x: int) -> int:
  return x
def f1144(x: int) -> int:
  return x
def f1145(x: int) -> int:
  return x
def f1146(x: int) -> int:
  return x
def f1147(x: int) -> int:
  return x
def f1148(x: int) -> int:
  return x
def f1149(x: int) -> int:
  return x
def f1150(x: int) -> int:
  return x
def f1151(x: int) -> int:
  return x
def f1152(x: int) -> int:
  return x
def f1153(x: int) -> int:
  return x
def f1154(x: int) -> int:
  return x
def f1155(x: int) -> int:
  return x
def f1156(x: int) -> int:
  return x
def f1157(x: int) -> int:
  return x
def f1158(x: int) -> int:
  return x
def f1159(x: int) -> int:
  return x
def f1160(x: int) -> int:
  return x
def f1161(x: int) -> int:
  return x
def f1162(x: int) -> int:
  return x
def f1163(x: int) -> int:
  return x
def f1164(x: int) -> int:
  return x
def f1165(x: int) -> int:
  return x
def f1166(x: int) -> int:
  return x
def f1167(x: int) -> int:
  return x
def f1168(x: int) -> int:
  return x
def f1169(x: int) -> int:
  return x
def f1170(x: int) -> int:
  return x
def f1171(x: int) -> int:
  return x
def f1172(x: int) -> int:
  return x
def f1173(x: int) -> int:
  return x
def f1174(x: int) -> int:
  return x
def f1175(x: int) -> int:
  return x
def f1176(x: int) -> int:
  return x
def f1177(x: int) -> int:
  return x
def f1178(x: int) -> int:
  return x
def f1179(x: int) -> int:
  return x
def f1180(x: int) -> int:
  return x
def f1181(x: int) -> int:
  return x
def f1182(x: int) -> int:
  return x
def f1183(x: int) -> int:
  return x
def f1184(x: int) -> int:
  return x
def f1185(x: int) -> int:
  return x
def f1186(x: int) -> int:
  return x
def f1187(x: int) -> int:
  return x
def f1188(x: int) -> int:
  return x
def f1189(x: int) -> int:
  return x
def f1190(x: int) -> int:
  return x
def f1191(x: int) -> int:
  return x
def f1192(x: int) -> int:
  return x
def f1193(x: int) -> int:
  return x
def f1194(x: int) -> int:
  return x
def f1195(x: int) -> int:
  return x
def f1196(x: int) -> int:
  return x
def f1197(x: int) -> int:
  return x
def f1198(x: int) -> int:
  return x
def f1199(x: int) -> int:
  return x
def f1200(x: int) -> int:
  return x
def f1201(x: int) -> int:
  return x
def f1202(x: int) -> int:
  return x
def f1203(x: int) -> int:
  return x
def f1204(x: int) -> int:
  return x
def f1205(x: int) -> int:
  return x
def f1206(x: int) -> int:
  return x
def f1207(x: int) -> int:
  return x
def f1208(x: int) -> int:
  return x
def f1209(x: int) -> int:
  return x
def f1210(x: int) -> int:
  return x
def f1211(x: int) -> int:
  return x
def f1212(x: int) -> int:
  return x
def f1213(x: int) -> int:
  return x
def f1214(x: int) -> int:
  return x
def f1215(x: int) -> int:
  return x
def f1216(x: int) -> int:
  return x
def f1217(x: int) -> int:
  return x
def f1218(x: int) -> int:
  return x
def f1219(x: int) -> int:
  return x
def f1220(x: int) -> int:
  return x
def f1221(x: int) -> int:
  return x
def f1222(x: int) -> int:
  return x
def f1223(x: int) -> int:
  return x
def f1224(x: int) -> int:
  return x
def f1225(x: int) -> int:
  return x
def f1226(x: int) -> int:
  return x
def f1227(x: int) -> int:
  return x
def f1228(x: int) -> int:
  return x
def f1229(x: int) -> int:
  return x
def f1230(x: int) -> int:
  return x
def f1231(x: int) -> int:
  return x
def f1232(x: int) -> int:
  return x
def f1233(x: int) -> int:
  return x
def f1234(x: int) -> int:
  return x
def f1235(x: int) -> int:
  return x
def f1236(x: int) -> int:
  return x
def f1237(x: int) -> int:
  return x
def f1238(x: int) -> int:
  return x
def f1239(x: int) -> int:
  return x
def f1240(x: int) -> int:
  return x
def f1241(x: int) -> int:
  return x
def f1242(x: int) -> int:
  return x
def f1243(x: int) -> int:
  return x
def f1244(x: int) -> int:
  return x
def f1245(x: int) -> int:
  return x
def f1246(x: int) -> int:
  return x
def f1247(x: int) -> int:
  return x
def f1248(x: int) -> int:
  return x
def f1249(x: int) -> int:
  return x
def f1250(x: int) -> int:
  return x
def f1251(x: int) -> int:
  return x
def f1252(x: int) -> int:
  return x
def f1253(x: int) -> int:
  return x
def f1254(x: int) -> int:
  return x
def f1255(x: int) -> int:
  return x
def f1256(x: int) -> int:
  return x
def f1257(x: int) -> int:
  return x
def f1258(x: int) -> int:
  return x
def f1259(x: int) -> int:
  return x
def f1260(x: int) -> int:
  return x
def f1261(x: int) -> int:
  return x
def f1262(x: int) -> int:
  return x
def f1263(x: int) -> int:
  return x
def f1264(x: int) -> int:
  return x
def f1265(x: int) -> int:
  return x
def f1266(x: int) -> int:
  return x
def f1267(x: int) -> int:
  return x
def f1268(x: int) -> int:
  return x
def f1269(x: int) -> int:
  return x
def f1270(x: int) -> int:
  return x
def f1271(x: int) -> int:
  return x
def f1272(x: int) -> int:
  return x
def f1273(x: int) -> int:
  return x
def f1274(x: int) -> int:
  return x
def f1275(x: int) -> int:
  return x
def f1276(x: int) -> int:
  return x
def f1277(x: int) -> int:
  return x
def f1278(x: int) -> int:
  return x
def f1279(x: int) -> int:
  return x
def f1280(x: int) -> int:
  return x
def f1281(x: int) -> int:
  return x
def f1282(x: int) -> int:
  return x
def f1283(x: int) -> int:
  return x
def f1284(x: int) -> int:
  return x
def f1285(x: int) -> int:
  return x
def f1286(x: int) -> int:
  return x
def f1287(x: int) -> int:
  return x
def f1288(x: int) -> int:
  return x
def f1289(x: int) -> int:
  return x
def f1290(x: int) -> int:
  return x
def f1291(x: int) -> int:
  return x
def f1292(x: int) -> int:
  return x
def f1293(x: int) -> int:
  return x
def f1294(x: int) -> int:
  return x
def f1295(x: int) -> int:
  return x
def f1296(x: int) -> int:
  return x
def f1297(x: int) -> int:
  return x
def f1298(x: int) -> int:
  return x
def f1299(x: int) -> int:
  return x
def f1300(x: int) -> int:
  return x
def f1301(x: int) -> int:
  return x
def f1302(x: int) -> int:
  return x
def f1303(x: int) -> int:
  return x
def f1304(x: int) -> int:
  return x
def f1305(x: int) -> int:
  return x
def f1306(x: int) -> int:
  return x
def f1307(x: int) -> int:
  return x
def f1308(x: int) -> int:
  return x
def f1309(x: int) -> int:
  return x
def f1310(x: int) -> int:
  return x
def f1311(x: int) -> int:
  return x
def f1312(x: int) -> int:
  return x
def f1313(x: int) -> int:
  return x
def f1314(x: int) -> int:
  return x
def f1315(x: int) -> int:
  return x
def f1316(x: int) -> int:
  return x
def f1317(x: int) -> int:
  return x
def f1318(x: int) -> int:
  return x
def f1319(x: int) -> int:
  return x
def f1320(x: int) -> int:
  return x
def f1321(x: int) -> int:
  return x
def f1322(x: int) -> int:
  return x
def f1323(x: int) -> int:
  return x
def f1324(x: int) -> int:
  return x
def f1325(x: int) -> int:
  return x
def f1326(x: int) -> int:
  return x
def f1327(x: int) -> int:
  return x
def f1328(x: int) -> int:
  return x
def f1329(x: int) -> int:
  return x
def f1330(x: int) -> int:
  return x
def f1331(x: int) -> int:
  return x
def f1332(x: int) -> int:
  return x
def f1333(x: int) -> int:
  return x
def f1334(x: int) -> int:
  return x
def f1335(x: int) -> int:
  return x
def f1336(x: int) -> int:
  return x
def f1337(x: int) -> int:
  return x
def f1338(x: int) -> int:
  return x
def f1339(x: int) -> int:
  return x
def f1340(x: int) -> int:
  return x
def f1341(x: int) -> int:
  return x
def f1342(x: int) -> int:
  return x
def f1343(x: int) -> int:
  return x
def f1344(x: int) -> int:
  return x
def f1345(x: int) -> int:
  return x
def f1346(x: int) -> int:
  return x
def f1347(x: int) -> int:
  return x
def f1348(x: int) -> int:
  return x
def f1349(x: int) -> int:
  return x
def f1350(x: int) -> int:
  return x
def f1351(x: int) -> int:
  return x
def f1352(x: int) -> int:
  return x
def f1353(x: int) -> int:
  return x
def f1354(x: int) -> int:
  return x
def f1355(x: int) -> int:
  return x
def f1356(x: int) -> int:
  return x
def f1357(x: int) -> int:
  return x
def f1358(x: int) -> int:
  return x
def f1359(x: int) -> int:
  return x
def f1360(x: int) -> int:
  return x
def f1361(x: int) -> int:
  return x
def f1362(x: int) -> int:
  return x
def f1363(x: int) -> int:
  return x
def f1364(x: int) -> int:
  return x
def f1365(x: int) -> int:
  return x
def f1366(x: int) -> int:
  return x
def f1367(x: int) -> int:
  return x
def f1368(x: int) -> int:
  return x
def f1369(x: int) -> int:
  return x
def f1370(x: int) -> int:
  return x
def f1371(x: int) -> int:
  return x
def f1372(x: int) -> int:
  return x
def f1373(x: int) -> int:
  return x
def f1374(x: int) -> int:
  return x
def f1375(x: int) -> int:
  return x
def f1376(x: int) -> int:
  return x
def f1377(x: int) -> int:
  return x
def f1378(x: int) -> int:
  return x
def f1379(x: int) -> int:
  return x
def f1380(x: int) -> int:
  return x
def f1381(x: int) -> int:
  return x
def f1382(x: int) -> int:
  return x
def f1383(x: int) -> int:
  return x
def f1384(x: int) -> int:
  return x
def f1385(x: int) -> int:
  return x
def f1386(x: int) -> int:
  return x
def f1387(x: int) -> int:
  return x
def f1388(x: int) -> int:
  return x
def f1389(x: int) -> int:
  return x
def f1390(x: int) -> int:
  return x
def f1391(x: int) -> int:
  return x
def f1392(x: int) -> int:
  return x
def f1393(x: int) -> int:
  return x
def f1394(x: int) -> int:
  return x
def f1395(x: int) -> int:
  return x
def f1396(x: int) -> int:
  return x
def f1397(x: int) -> int:
  return x
def f1398(x: int) -> int:
  return x
def f1399(x: int) -> int:
  return x
def f1400(x: int) -> int:
  return x
def f1401(x: int) -> int:
  return x
def f1402(x: int) -> int:
  return x
def f1403(x: int) -> int:
  return x
def f1404(x: int) -> int:
  return x
def f1405(x: int) -> int:
  return x
def f1406(x: int) -> int:
  return x
def f1407(x: int) -> int:
  return x
def f1408(x: int) -> int:
  return x
def f1409(x: int) -> int:
  return x
def f1410(x: int) -> int:
  return x
def f1411(x: int) -> int:
  return x
def f1412(x: int) -> int:
  return x
def f1413(x: int) -> int:
  return x
def f1414(x: int) -> int:
  return x
def f1415(x: int) -> int:
  return x
def f1416(x: int) -> int:
  return x
def f1417(x: int) -> int:
  return x
def f1418(x: int) -> int:
  return x
def f1419(x: int) -> int:
  return x
def f1420(x: int) -> int:
  return x
def f1421(x: int) -> int:
  return x
def f1422(x: int) -> int:
  return x
def f1423(x: int) -> int:
  return x
def f1424(x: int) -> int:
  return x
def f1425(x: int) -> int:
  return x
def f1426(x: int) -> int:
  return x
def f1427(x: int) -> int:
  return x
def f1428(x: int) -> int:
  return x
def f1429(x: int) -> int:
  return x
def f1430(x: int) -> int:
  return x
def f1431(x: int) -> int:
  return x
def f1432(x: int) -> int:
  return x
def f1433(x: int) -> int:
  return x
def f1434(x: int) -> int:
  return x
def f1435(x: int) -> int:
  return x
def f1436(x: int) -> int:
  return x
def f1437(x: int) -> int:
  return x
def f1438(x: int) -> int:
  return x
def f1439(x: int) -> int:
  return x
def f1440(x: int) -> int:
  return x
def f1441(x: int) -> int:
  return x
def f1442(x: int) -> int:
  return x
def f1443(x: int) -> int:
  return x
def f1444(x: int) -> int:
  return x
def f1445(x: int) -> int:
  return x
def f1446(x: int) -> int:
  return x
def f1447(x: int) -> int:
  return x
def f1448(x: int) -> int:
  return x
def f1449(x: int) -> int:
  return x
def f1450(x: int) -> int:
  return x
def f1451(x: int) -> int:
  return x
def f1452(x: int) -> int:
  return x
def f1453(x: int) -> int:
  return x
def f1454(x: int) -> int:
  return x
def f1455(x: int) -> int:
  return x
def f1456(x: int) -> int:
  return x
def f1457(x: int) -> int:
  return x
def f1458(x: int) -> int:
  return x
def f1459(x: int) -> int:
  return x
def f1460(x: int) -> int:
  return x
def f1461(x: int) -> int:
  return x
def f1462(x: int) -> int:
  return x
def f1463(x: int) -> int:
  return x
def f1464(x: int) -> int:
  return x
def f1465(x: int) -> int:
  return x
def f1466(x: int) -> int:
  return x
def f1467(x: int) -> int:
  return x
def f1468(x: int) -> int:
  return x
def f1469(x: int) -> int:
  return x
def f1470(x: int) -> int:
  return x
def f1471(x: int) -> int:
  return x
def f1472(x: int) -> int:
  return x
def f1473(x: int) -> int:
  return x
def f1474(x: int) -> int:
  return x
def f1475(x: int) -> int:
  return x
def f1476(x: int) -> int:
  return x
def f1477(x: int) -> int:
  return x
def f1478(x: int) -> int:
  return x
def f1479(x: int) -> int:
  return x
def f1480(x: int) -> int:
  return x
def f1481(x: int) -> int:
  return x
def f1482(x: int) -> int:
  return x
def f1483(x: int) -> int:
  return x
def f1484(x: int) -> int:
  return x
def f1485(x: int) -> int:
  return x
def f1486(x: int) -> int:
  return x
def f1487(x: int) -> int:
  return x
def f1488(x: int) -> int:
  return x
def f1489(x: int) -> int:
  return x
def f1490(x: int) -> int:
  return x
def f1491(x: int) -> int:
  return x
def f1492(x: int) -> int:
  return x
def f1493(x: int) -> int:
  return x
def f1494(x: int) -> int:
  return x
def f1495(x: int) -> int:
  return x
def f1496(x: int) -> int:
  return x
def f1497(x: int) -> int:
  return x
def f1498(x: int) -> int:
  return x
def f1499(x: int) -> int:
  return x
def f1500(x: int) -> int:
  return x
def f1501(x: int) -> int:
  return x
def f1502(x: int) -> int:
  return x
def f1503(x: int) -> int:
  return x
def f1504(x: int) -> int:
  return x
def f1505(x: int) -> int:
  return x
def f1506(x: int) -> int:
  return x
def f1507(x: int) -> int:
  return x
def f1508(x: int) -> int:
  return x
def f1509(x: int) -> int:
  return x
def f1510(x: int) -> int:
  return x
def f1511(x: int) -> int:
  return x
def f1512(x: int) -> int:
  return x
def f1513(x: int) -> int:
  return x
def f1514(x: int) -> int:
  return x
def f1515(x: int) -> int:
  return x
def f1516(x: int) -> int:
  return x
def f1517(x: int) -> int:
  return x
def f1518(x: int) -> int:
  return x
def f1519(x: int) -> int:
  return x
def f1520(x: int) -> int:
  return x
def f1521(x: int) -> int:
  return x
def f1522(x: int) -> int:
  return x
def f1523(x: int) -> int:
  return x
def f1524(x: int) -> int:
  return x
def f1525(x: int) -> int:
  return x
def f1526(x: int) -> int:
  return x
def f1527(x: int) -> int:
  return x
def f1528(x: int) -> int:
  return x
def f1529(x: int) -> int:
  return x
def f1530(x: int) -> int:
  return x
def f1531(x: int) -> int:
  return x
def f1532(x: int) -> int:
  return x
def f1533(x: int) -> int:
  return x
def f1534(x: int) -> int:
  return x
def f1535(x: int) -> int:
  return x
def f1536(x: int) -> int:
  return x
def f1537(x: int) -> int:
  return x
def f1538(x: int) -> int:
  return x
def f1539(x: int) -> int:
  return x
def f1540(x: int) -> int:
  return x
def f1541(x: int) -> int:
  return x
def f1542(x: int) -> int:
  return x
def f1543(x: int) -> int:
  return x
def f1544(x: int) -> int:
  return x
def f1545(x: int) -> int:
  return x
def f1546(x: int) -> int:
  return x
def f1547(x: int) -> int:
  return x
def f1548(x: int) -> int:
  return x
def f1549(x: int) -> int:
  return x
def f1550(x: int) -> int:
  return x
def f1551(x: int) -> int:
  return x
def f1552(x: int) -> int:
  return x
def f1553(x: int) -> int:
  return x
def f1554(x: int) -> int:
  return x
def f1555(x: int) -> int:
  return x
def f1556(x: int) -> int:
  return x
def f1557(x: int) -> int:
  return x
def f1558(x: int) -> int:
  return x
def f1559(x: int) -> int:
  return x
def f1560(x: int) -> int:
  return x
def f1561(x: int) -> int:
  return x
def f1562(x: int) -> int:
  return x
def f1563(x: int) -> int:
  return x
def f1564(x: int) -> int:
  return x
def f1565(x: int) -> int:
  return x
def f1566(x: int) -> int:
  return x
def f1567(x: int) -> int:
  return x
def f1568(x: int) -> int:
  return x
def f1569(x: int) -> int:
  return x
def f1570(x: int) -> int:
  return x
def f1571(x: int) -> int:
  return x
def f1572(x: int) -> int:
  return x
def f1573(x: int) -> int:
  return x
def f1574(x: int) -> int:
  return x
def f1575(x: int) -> int:
  return x
def f1576(x: int) -> int:
  return x
def f1577(x: int) -> int:
  return x
def f1578(x: int) -> int:
  return x
def f1579(x: int) -> int:
  return x
def f1580(x: int) -> int:
  return x
def f1581(x: int) -> int:
  return x
def f1582(x: int) -> int:
  return x
def f1583(x: int) -> int:
  return x
def f1584(x: int) -> int:
  return x
def f1585(x: int) -> int:
  return x
def f1586(x: int) -> int:
  return x
def f1587(x: int) -> int:
  return x
def f1588(x: int) -> int:
  return x
def f1589(x: int) -> int:
  return x
def f1590(x: int) -> int:
  return x
def f1591(x: int) -> int:
  return x
def f1592(x: int) -> int:
  return x
def f1593(x: int) -> int:
  return x
def f1594(x: int) -> int:
  return x
def f1595(x: int) -> int:
  return x
def f1596(x: int) -> int:
  return x
def f1597(x: int) -> int:
  return x
def f1598(x: int) -> int:
  return x
def f1599(x: int) -> int:
  return x
def f1600(x: int) -> int:
  return x
def f1601(x: int) -> int:
  return x
def f1602(x: int) -> int:
  return x
def f1603(x: int) -> int:
  return x
def f1604(x: int) -> int:
  return x
def f1605(x: int) -> int:
  return x
def f1606(x: int) -> int:
  return x
def f1607(x: int) -> int:
  return x
def f1608(x: int) -> int:
  return x
def f1609(x: int) -> int:
  return x
def f1610(x: int) -> int:
  return x
def f1611(x: int) -> int:
  return x
def f1612(x: int) -> int:
  return x
def f1613(x: int) -> int:
  return x
def f1614(x: int) -> int:
  return x
def f1615(x: int) -> int:
  return x
def f1616(x: int) -> int:
  return x
def f1617(x: int) -> int:
  return x
def f1618(x: int) -> int:
  return x
def f1619(x: int) -> int:
  return x
def f1620(x: int) -> int:
  return x
def f1621(x: int) -> int:
  return x
def f1622(x: int) -> int:
  return x
def f1623(x: int) -> int:
  return x
def f1624(x: int) -> int:
  return x
def f1625(x: int) -> int:
  return x
def f1626(x: int) -> int:
  return x
def f1627(x: int) -> int:
  return x
def f1628(x: int) -> int:
  return x
def f1629(x: int) -> int:
  return x
def f1630(x: int) -> int:
  return x
def f1631(x: int) -> int:
  return x
def f1632(x: int) -> int:
  return x
def f1633(x: int) -> int:
  return x
def f1634(x: int) -> int:
  return x
def f1635(x: int) -> int:
  return x
def f1636(x: int) -> int:
  return x
def f1637(x: int) -> int:
  return x
def f1638(x: int) -> int:
  return x
def f1639(x: int) -> int:
  return x
def f1640(x: int) -> int:
  return x
def f1641(x: int) -> int:
  return x
def f1642(x: int) -> int:
  return x
def f1643(x: int) -> int:
  return x
def f1644(x: int) -> int:
  return x
def f1645(x: int) -> int:
  return x
def f1646(x: int) -> int:
  return x
def f1647(x: int) -> int:
  return x
def f1648(x: int) -> int:
  return x
def f1649(x: int) -> int:
  return x
def f1650(x: int) -> int:
  return x
def f1651(x: int) -> int:
  return x
def f1652(x: int) -> int:
  return x
def f1653(x: int) -> int:
  return x
def f1654(x: int) -> int:
  return x
def f1655(x: int) -> int:
  return x
def f1656(x: int) -> int:
  return x
def f1657(x: int) -> int:
  return x
def f1658(x: int) -> int:
  return x
def f1659(x: int) -> int:
  return x
def f1660(x: int) -> int:
  return x
def f1661(x: int) -> int:
  return x
def f1662(x: int) -> int:
  return x
def f1663(x: int) -> int:
  return x
def f1664(x: int) -> int:
  return x
def f1665(x: int) -> int:
  return x
def f1666(x: int) -> int:
  return x
def f1667(x: int) -> int:
  return x
def f1668(x: int) -> int:
  return x
def f1669(x: int) -> int:
  return x
def f1670(x: int) -> int:
  return x
def f1671(x: int) -> int:
  return x
def f1672(x: int) -> int:
  return x
def f1673(x: int) -> int:
  return x
def f1674(x: int) -> int:
  return x
def f1675(x: int) -> int:
  return x
def f1676(x: int) -> int:
  return x
def f1677(x: int) -> int:
  return x
def f1678(x: int) -> int:
  return x
def f1679(x: int) -> int:
  return x
def f1680(x: int) -> int:
  return x
def f1681(x: int) -> int:
  return x
def f1682(x: int) -> int:
  return x
def f1683(x: int) -> int:
  return x
def f1684(x: int) -> int:
  return x
def f1685(x: int) -> int:
  return x
def f1686(x: int) -> int:
  return x
def f1687(x: int) -> int:
  return x
def f1688(x: int) -> int:
  return x
def f1689(x: int) -> int:
  return x
def f1690(x: int) -> int:
  return x
def f1691(x: int) -> int:
  return x
def f1692(x: int) -> int:
  return x
def f1693(x: int) -> int:
  return x
def f1694(x: int) -> int:
  return x
def f1695(x: int) -> int:
  return x
def f1696(x: int) -> int:
  return x
def f1697(x: int) -> int:
  return x
def f1698(x: int) -> int:
  return x
def f1699(x: int) -> int:
  return x
def f1700(x: int) -> int:
  return x
def f1701(x: int) -> int:
  return x
def f1702(x: int) -> int:
  return x
def f1703(x: int) -> int:
  return x
def f1704(x: int) -> int:
  return x
def f1705(x: int) -> int:
  return x
def f1706(x: int) -> int:
  return x
def f1707(x: int) -> int:
  return x
def f1708(x: int) -> int:
  return x
def f1709(x: int) -> int:
  return x
def f1710(x: int) -> int:
  return x
def f1711(x: int) -> int:
  return x
def f1712(x: int) -> int:
  return x
def f1713(x: int) -> int:
  return x
def f1714(x: int) -> int:
  return x
def f1715(x: int) -> int:
  return x
def f1716(x: int) -> int:
  return x
def f1717(x: int) -> int:
  return x
def f1718(x: int) -> int:
  return x
def f1719(x: int) -> int:
  return x
def f1720(x: int) -> int:
  return x
def f1721(x: int) -> int:
  return x
def f1722(x: int) -> int:
  return x
def f1723(x: int) -> int:
  return x
def f1724(x: int) -> int:
  return x
def f1725(x: int) -> int:
  return x
def f1726(x: int) -> int:
  return x
def f1727(x: int) -> int:
  return x
def f1728(x: int) -> int:
  return x
def f1729(x: int) -> int:
  return x
def f1730(x: int) -> int:
  return x
def f1731(x: int) -> int:
  return x
def f1732(x: int) -> int:
  return x
def f1733(x: int) -> int:
  return x
def f1734(x: int) -> int:
  return x
def f1735(x: int) -> int:
  return x
def f1736(x: int) -> int:
  return x
def f1737(x: int) -> int:
  return x
def f1738(x: int) -> int:
  return x
def f1739(x: int) -> int:
  return x
def f1740(x: int) -> int:
  return x
def f1741(x: int) -> int:
  return x
def f1742(x: int) -> int:
  return x
def f1743(x: int) -> int:
  return x
def f1744(x: int) -> int:
  return x
def f1745(x: int) -> int:
  return x
def f1746(x: int) -> int:
  return x
def f1747(x: int) -> int:
  return x
def f1748(x: int) -> int:
  return x
def f1749(x: int) -> int:
  return x
def f1750(x: int) -> int:
  return x
def f1751(x: int) -> int:
  return x
def f1752(x: int) -> int:
  return x
def f1753(x: int) -> int:
  return x
def f1754(x: int) -> int:
  return x
def f1755(x: int) -> int:
  return x
def f1756(x: int) -> int:
  return x
def f1757(x: int) -> int:
  return x
def f1758(x: int) -> int:
  return x
def f1759(x: int) -> int:
  return x
def f1760(x: int) -> int:
  return x
def f1761(x: int) -> int:
  return x
def f1762(x: int) -> int:
  return x
def f1763(x: int) -> int:
  return x
def f1764(x: int) -> int:
  return x
def f1765(x: int) -> int:
  return x
def f1766(x: int) -> int:
  return x
def f1767(x: int) -> int:
  return x
def f1768(x: int) -> int:
  return x
def f1769(x: int) -> int:
  return x
def f1770(x: int) -> int:
  return x
def f1771(x: int) -> int:
  return x
def f1772(x: int) -> int:
  return x
def f1773(x: int) -> int:
  return x
def f1774(x: int) -> int:
  return x
def f1775(x: int) -> int:
  return x
def f1776(x: int) -> int:
  return x
def f1777(x: int) -> int:
  return x
def f1778(x: int) -> int:
  return x
def f1779(x: int) -> int:
  return x
def f1780(x: int) -> int:
  return x
def f1781(x: int) -> int:
  return x
def f1782(x: int) -> int:
  return x
def f1783(x: int) -> int:
  return x
def f1784(x: int) -> int:
  return x
def f1785(x: int) -> int:
  return x
def f1786(x: int) -> int:
  return x
def f1787(x: int) -> int:
  return x
def f1788(x: int) -> int:
  return x
def f1789(x: int) -> int:
  return x
def f1790(x: int) -> int:
  return x
def f1791(x: int) -> int:
  return x
def f1792(x: int) -> int:
  return x
def f1793(x: int) -> int:
  return x
def f1794(x: int) -> int:
  return x
def f1795(x: int) -> int:
  return x
def f1796(x: int) -> int:
  return x
def f1797(x: int) -> int:
  return x
def f1798(x: int) -> int:
  return x
def f1799(x: int) -> int:
  return x
def f1800(x: int) -> int:
  return x
def f1801(x: int) -> int:
  return x
def f1802(x: int) -> int:
  return x
def f1803(x: int) -> int:
  return x
def f1804(x: int) -> int:
  return x
def f1805(x: int) -> int:
  return x
def f1806(x: int) -> int:
  return x
def f1807(x: int) -> int:
  return x
def f1808(x: int) -> int:
  return x
def f1809(x: int) -> int:
  return x
def f1810(x: int) -> int:
  return x
def f1811(x: int) -> int:
  return x
def f1812(x: int) -> int:
  return x
def f1813(x: int) -> int:
  return x
def f1814(x: int) -> int:
  return x
def f1815(x: int) -> int:
  return x
def f1816(x: int) -> int:
  return x
def f1817(x: int) -> int:
  return x
def f1818(x: int) -> int:
  return x
def f1819(x: int) -> int:
  return x
def f1820(x: int) -> int:
  return x
def f1821(x: int) -> int:
  return x
def f1822(x: int) -> int:
  return x
def f1823(x: int) -> int:
  return x
def f1824(x: int) -> int:
  return x
def f1825(x: int) -> int:
  return x
def f1826(x: int) -> int:
  return x
def f1827(x: int) -> int:
  return x
def f1828(x: int) -> int:
  return x
def f1829(x: int) -> int:
  return x
def f1830(x: int) -> int:
  return x
def f1831(x: int) -> int:
  return x
def f1832(x: int) -> int:
  return x
def f1833(x: int) -> int:
  return x
def f1834(x: int) -> int:
  return x
def f1835(x: int) -> int:
  return x
def f1836(x: int) -> int:
  return x
def f1837(x: int) -> int:
  return x
def f1838(x: int) -> int:
  return x
def f1839(x: int) -> int:
  return x
def f1840(x: int) -> int:
  return x
def f1841(x: int) -> int:
  return x
def f1842(x: int) -> int:
  return x
def f1843(x: int) -> int:
  return x
def f1844(x: int) -> int:
  return x
def f1845(x: int) -> int:
  return x
def f1846(x: int) -> int:
  return x
def f1847(x: int) -> int:
  return x
def f1848(x: int) -> int:
  return x
def f1849(x: int) -> int:
  return x
def f1850(x: int) -> int:
  return x
def f1851(x: int) -> int:
  return x
def f1852(x: int) -> int:
  return x
def f1853(x: int) -> int:
  return x
def f1854(x: int) -> int:
  return x
def f1855(x: int) -> int:
  return x
def f1856(x: int) -> int:
  return x
def f1857(x: int) -> int:
  return x
def f1858(x: int) -> int:
  return x
def f1859(x: int) -> int:
  return x
def f1860(x: int) -> int:
  return x
def f1861(x: int) -> int:
  return x
def f1862(x: int) -> int:
  return x
def f1863(x: int) -> int:
  return x
def f1864(x: int) -> int:
  return x
def f1865(x: int) -> int:
  return x
def f1866(x: int) -> int:
  return x
def f1867(x: int) -> int:
  return x
def f1868(x: int) -> int:
  return x
def f1869(x: int) -> int:
  return x
def f1870(x: int) -> int:
  return x
def f1871(x: int) -> int:
  return x
def f1872(x: int) -> int:
  return x
def f1873(x: int) -> int:
  return x
def f1874(x: int) -> int:
  return x
def f1875(x: int) -> int:
  return x
def f1876(x: int) -> int:
  return x
def f1877(x: int) -> int:
  return x
def f1878(x: int) -> int:
  return x
def f1879(x: int) -> int:
  return x
def f1880(x: int) -> int:
  return x
def f1881(x: int) -> int:
  return x
def f1882(x: int) -> int:
  return x
def f1883(x: int) -> int:
  return x
def f1884(x: int) -> int:
  return x
def f1885(x: int) -> int:
  return x
def f1886(x: int) -> int:
  return x
def f1887(x: int) -> int:
  return x
def f1888(x: int) -> int:
  return x
def f1889(x: int) -> int:
  return x
def f1890(x: int) -> int:
  return x
def f1891(x: int) -> int:
  return x
def f1892(x: int) -> int:
  return x
def f1893(x: int) -> int:
  return x
def f1894(x: int) -> int:
  return x
def f1895(x: int) -> int:
  return x
def f1896(x: int) -> int:
  return x
def f1897(x: int) -> int:
  return x
def f1898(x: int) -> int:
  return x
def f1899(x: int) -> int:
  return x
def f1900(x: int) -> int:
  return x
def f1901(x: int) -> int:
  return x
def f1902(x: int) -> int:
  return x
def f1903(x: int) -> int:
  return x
def f1904(x: int) -> int:
  return x
def f1905(x: int) -> int:
  return x
def f1906(x: int) -> int:
  return x
def f1907(x: int) -> int:
  return x
def f1908(x: int) -> int:
  return x
def f1909(x: int) -> int:
  return x
def f1910(x: int) -> int:
  return x
def f1911(x: int) -> int:
  return x
def f1912(x: int) -> int:
  return x
def f1913(x: int) -> int:
  return x
def f1914(x: int) -> int:
  return x
def f1915(x: int) -> int:
  return x
def f1916(x: int) -> int:
  return x
def f1917(x: int) -> int:
  return x
def f1918(x: int) -> int:
  return x
def f1919(x: int) -> int:
  return x
def f1920(x: int) -> int:
  return x
def f1921(x: int) -> int:
  return x
def f1922(x: int) -> int:
  return x
def f1923(x: int) -> int:
  return x
def f1924(x: int) -> int:
  return x
def f1925(x: int) -> int:
  return x
def f1926(x: int) -> int:
  return x
def f1927(x: int) -> int:
  return x
def f1928(x: int) -> int:
  return x
def f1929(x: int) -> int:
  return x
def f1930(x: int) -> int:
  return x
def f1931(x: int) -> int:
  return x
def f1932(x: int) -> int:
  return x
def f1933(x: int) -> int:
  return x
def f1934(x: int) -> int:
  return x
def f1935(x: int) -> int:
  return x
def f1936(x: int) -> int:
  return x
def f1937(x: int) -> int:
  return x
def f1938(x: int) -> int:
  return x
def f1939(x: int) -> int:
  return x
def f1940(x: int) -> int:
  return x
def f1941(x: int) -> int:
  return x
def f1942(x: int) -> int:
  return x
def f1943(x: int) -> int:
  return x
def f1944(x: int) -> int:
  return x
def f1945(x: int) -> int:
  return x
def f1946(x: int) -> int:
  return x
def f1947(x: int) -> int:
  return x
def f1948(x: int) -> int:
  return x
def f1949(x: int) -> int:
  return x
def f1950(x: int) -> int:
  return x
def f1951(x: int) -> int:
  return x
def f1952(x: int) -> int:
  return x
def f1953(x: int) -> int:
  return x
def f1954(x: int) -> int:
  return x
def f1955(x: int) -> int:
  return x
def f1956(x: int) -> int:
  return x
def f1957(x: int) -> int:
  return x
def f1958(x: int) -> int:
  return x
def f1959(x: int) -> int:
  return x
def f1960(x: int) -> int:
  return x
def f1961(x: int) -> int:
  return x
def f1962(x: int) -> int:
  return x
def f1963(x: int) -> int:
  return x
def f1964(x: int) -> int:
  return x
def f1965(x: int) -> int:
  return x
def f1966(x: int) -> int:
  return x
def f1967(x: int) -> int:
  return x
def f1968(x: int) -> int:
  return x
def f1969(x: int) -> int:
  return x
def f1970(x: int) -> int:
  return x
def f1971(x: int) -> int:
  return x
def f1972(x: int) -> int:
  return x
def f1973(x: int) -> int:
  return x
def f1974(x: int) -> int:
  return x
def f1975(x: int) -> int:
  return x
def f1976(x: int) -> int:
  return x
def f1977(x: int) -> int:
  return x
def f1978(x: int) -> int:
  return x
def f1979(x: int) -> int:
  return x
def f1980(x: int) -> int:
  return x
def f1981(x: int) -> int:
  return x
def f1982(x: int) -> int:
  return x
def f1983(x: int) -> int:
  return x
def f1984(x: int) -> int:
  return x
def f1985(x: int) -> int:
  return x
def f1986(x: int) -> int:
  return x
def f1987(x: int) -> int:
  return x
def f1988(x: int) -> int:
  return x
def f1989(x: int) -> int:
  return x
def f1990(x: int) -> int:
  return x
def f1991(x: int) -> int:
  return x
def f1992(x: int) -> int:
  return x
def f1993(x: int) -> int:
  return x
def f1994(x: int) -> int:
  return x
def f1995(x: int) -> int:
  return x
def f1996(x: int) -> int:
  return x
def f1997(x: int) -> int:
  return x
def f1998(x: int) -> int:
  return x
def f1999(x: int) -> int:
  return x
def f2000(x: int) -> int:
  return x
def f2001(x: int) -> int:
  return x
def f2002(x: int) -> int:
  return x
def f2003(x: int) -> int:
  return x
def f2004(x: int) -> int:
  return x
def f2005(x: int) -> int:
  return x
def f2006(x: int) -> int:
  return x
def f2007(x: int) -> int:
  return x
def f2008(x: int) -> int:
  return x
def f2009(x: int) -> int:
  return x
def f2010(x: int) -> int:
  return x
def f2011(x: int) -> int:
  return x
def f2012(x: int) -> int:
  return x
def f2013(x: int) -> int:
  return x
def f2014(x: int) -> int:
  return x
def f2015(x: int) -> int:
  return x
def f2016(x: int) -> int:
  return x
def f2017(x: int) -> int:
  return x
def f2018(x: int) -> int:
  return x
def f2019(x: int) -> int:
  return x
def f2020(x: int) -> int:
  return x
def f2021(x: int) -> int:
  return x
def f2022(x: int) -> int:
  return x
def f2023(x: int) -> int:
  return x
def f2024(x: int) -> int:
  return x
def f2025(x: int) -> int:
  return x
def f2026(x: int) -> int:
  return x
def f2027(x: int) -> int:
  return x
def f2028(x: int) -> int:
  return x
def f2029(x: int) -> int:
  return x
def f2030(x: int) -> int:
  return x
def f2031(x: int) -> int:
  return x
def f2032(x: int) -> int:
  return x
def f2033(x: int) -> int:
  return x
def f2034(x: int) -> int:
  return x
def f2035(x: int) -> int:
  return x
def f2036(x: int) -> int:
  return x
def f2037(x: int) -> int:
  return x
def f2038(x: int) -> int:
  return x
def f2039(x: int) -> int:
  return x
def f2040(x: int) -> int:
  return x
def f2041(x: int) -> int:
  return x
def f2042(x: int) -> int:
  return x
def f2043(x: int) -> int:
  return x
def f2044(x: int) -> int:
  return x
def f2045(x: int) -> int:
  return x
def f2046(x: int) -> int:
  return x
def f2047(x: int) -> int:
  return x
def f2048(x: int) -> int:
  return x
def f2049(x: int) -> int:
  return x
def f2050(x: int) -> int:
  return x
def f2051(x: int) -> int:
  return x
def f2052(x: int) -> int:
  return x
def f2053(x: int) -> int:
  return x
def f2054(x: int) -> int:
  return x
def f2055(x: int) -> int:
  return x
def f2056(x: int) -> int:
  return x
def f2057(x: int) -> int:
  return x
def f2058(x: int) -> int:
  return x
def f2059(x: int) -> int:
  return x
def f2060(x: int) -> int:
  return x
def f2061(x: int) -> int:
  return x
def f2062(x: int) -> int:
  return x
def f2063(x: int) -> int:
  return x
def f2064(x: int) -> int:
  return x
def f2065(x: int) -> int:
  return x
def f2066(x: int) -> int:
  return x
def f2067(x: int) -> int:
  return x
def f2068(x: int) -> int:
  return x
def f2069(x: int) -> int:
  return x
def f2070(x: int) -> int:
  return x
def f2071(x: int) -> int:
  return x
def f2072(x: int) -> int:
  return x
def f2073(x: int) -> int:
  return x
def f2074(x: int) -> int:
  return x
def f2075(x: int) -> int:
  return x
def f2076(x: int) -> int:
  return x
def f2077(x: int) -> int:
  return x
def f2078(x: int) -> int:
  return x
def f2079(x: int) -> int:
  return x
def f2080(x: int) -> int:
  return x
def f2081(x: int) -> int:
  return x
def f2082(x: int) -> int:
  return x
def f2083(x: int) -> int:
  return x
def f2084(x: int) -> int:
  return x
def f2085(x: int) -> int:
  return x
def f2086(x: int) -> int:
  return x
def f2087(x: int) -> int:
  return x
def f2088(x: int) -> int:
  return x
def f2089(x: int) -> int:
  return x
def f2090(x: int) -> int:
  return x
def f2091(x: int) -> int:
  return x
def f2092(x: int) -> int:
  return x
def f2093(x: int) -> int:
  return x
def f2094(x: int) -> int:
  return x
def f2095(x: int) -> int:
  return x
def f2096(x: int) -> int:
  return x
def f2097(x: int) -> int:
  return x
def f2098(x: int) -> int:
  return x
def f2099(x: int) -> int:
  return x
def f2100(x: int) -> int:
  return x
def f2101(x: int) -> int:
  return x
def f2102(x: int) -> int:
  return x
def f2103(x: int) -> int:
  return x
def f2104(x: int) -> int:
  return x
def f2105(x: int) -> int:
  return x
def f2106(x: int) -> int:
  return x
def f2107(x: int) -> int:
  return x
def f2108(x: int) -> int:
  return x
def f2109(x: int) -> int:
  return x
def f2110(x: int) -> int:
  return x
def f2111(x: int) -> int:
  return x
def f2112(x: int) -> int:
  return x
def f2113(x: int) -> int:
  return x
def f2114(x: int) -> int:
  return x
def f2115(x: int) -> int:
  return x
def f2116(x: int) -> int:
  return x
def f2117(x: int) -> int:
  return x
def f2118(x: int) -> int:
  return x
def f2119(x: int) -> int:
  return x
def f2120(x: int) -> int:
  return x
def f2121(x: int) -> int:
  return x
def f2122(x: int) -> int:
  return x
def f2123(x: int) -> int:
  return x
def f2124(x: int) -> int:
  return x
def f2125(x: int) -> int:
  return x
def f2126(x: int) -> int:
  return x
def f2127(x: int) -> int:
  return x
def f2128(x: int) -> int:
  return x
def f2129(x: int) -> int:
  return x
def f2130(x: int) -> int:
  return x
def f2131(x: int) -> int:
  return x
def f2132(x: int) -> int:
  return x
def f2133(x: int) -> int:
  return x
def f2134(x: int) -> int:
  return x
def f2135(x: int) -> int:
  return x
def f2136(x: int) -> int:
  return x
def f2137(x: int) -> int:
  return x
def f2138(x: int) -> int:
  return x
def f2139(x: int) -> int:
  return x
def f2140(x: int) -> int:
  return x
def f2141(x: int) -> int:
  return x
def f2142(x: int) -> int:
  return x
def f2143(x: int) -> int:
  return x
def f2144(x: int) -> int:
  return x
def f2145(x: int) -> int:
  return x
def f2146(x: int) -> int:
  return x
def f2147(x: int) -> int:
  return x
def f2148(x: int) -> int:
  return x
def f2149(x: int) -> int:
  return x
def f2150(x: int) -> int:
  return x
def f2151(x: int) -> int:
  return x
def f2152(x: int) -> int:
  return x
def f2153(x: int) -> int:
  return x
def f2154(x: int) -> int:
  return x
def f2155(x: int) -> int:
  return x
def f2156(x: int) -> int:
  return x
def f2157(x: int) -> int:
  return x
def f2158(x: int) -> int:
  return x
def f2159(x: int) -> int:
  return x
def f2160(x: int) -> int:
  return x
def f2161(x: int) -> int:
  return x
def f2162(x: int) -> int:
  return x
def f2163(x: int) -> int:
  return x
def f2164(x: int) -> int:
  return x
def f2165(x: int) -> int:
  return x
def f2166(x: int) -> int:
  return x
def f2167(x: int) -> int:
  return x
def f2168(x: int) -> int:
  return x
def f2169(x: int) -> int:
  return x
def f2170(x: int) -> int:
  return x
def f2171(x: int) -> int:
  return x
def f2172(x: int) -> int:
  return x
def f2173(x: int) -> int:
  return x
def f2174(x: int) -> int:
  return x
def f2175(x: int) -> int:
  return x
def f2176(x: int) -> int:
  return x
def f2177(x: int) -> int:
  return x
def f2178(x: int) -> int:
  return x
def f2179(x: int) -> int:
  return x
def f2180(x: int) -> int:
  return x
def f2181(x: int) -> int:
  return x
def f2182(x: int) -> int:
  return x
def f2183(x: int) -> int:
  return x
def f2184(x: int) -> int:
  return x
def f2185(x: int) -> int:
  return x
def f2186(x: int) -> int:
  return x
def f2187(x: int) -> int:
  return x
def f2188(x: int) -> int:
  return x
def f2189(x: int) -> int:
  return x
def f2190(x: int) -> int:
  return x
def f2191(x: int) -> int:
  return x
def f2192(x: int) -> int:
  return x
def f2193(x: int) -> int:
  return x
def f2194(x: int) -> int:
  return x
def f2195(x: int) -> int:
  return x
def f2196(x: int) -> int:
  return x
def f2197(x: int) -> int:
  return x
def f2198(x: int) -> int:
  return x
def f2199(x: int) -> int:
  return x
def f2200(x: int) -> int:
  return x
def f2201(x: int) -> int:
  return x
def f2202(x: int) -> int:
  return x
def f2203(x: int) -> int:
  return x
def f2204(x: int) -> int:
  return x
def f2205(x: int) -> int:
  return x
def f2206(x: int) -> int:
  return x
def f2207(x: int) -> int:
  return x
def f2208(x: int) -> int:
  return x
def f2209(x: int) -> int:
  return x
def f2210(x: int) -> int:
  return x
def f2211(x: int) -> int:
  return x
def f2212(x: int) -> int:
  return x
def f2213(x: int) -> int:
  return x
def f2214(x: int) -> int:
  return x
def f2215(x: int) -> int:
  return x
def f2216(x: int) -> int:
  return x
def f2217(x: int) -> int:
  return x
def f2218(x: int) -> int:
  return x
def f2219(x: int) -> int:
  return x
def f2220(x: int) -> int:
  return x
def f2221(x: int) -> int:
  return x
def f2222(x: int) -> int:
  return x
def f2223(x: int) -> int:
  return x
def f2224(x: int) -> int:
  return x
def f2225(x: int) -> int:
  return x
def f2226(x: int) -> int:
  return x
def f2227(x: int) -> int:
  return x
def f2228(x: int) -> int:
  return x
def f2229(x: int) -> int:
  return x
def f2230(x: int) -> int:
  return x
def f2231(x: int) -> int:
  return x
def f2232(x: int) -> int:
  return x
def f2233(x: int) -> int:
  return x
def f2234(x: int) -> int:
  return x
def f2235(x: int) -> int:
  return x
def f2236(x: int) -> int:
  return x
def f2237(x: int) -> int:
  return x
def f2238(x: int) -> int:
  return x
def f2239(x: int) -> int:
  return x
def f2240(x: int) -> int:
  return x
def f2241(x: int) -> int:
  return x
def f2242(x: int) -> int:
  return x
def f2243(x: int) -> int:
  return x
def f2244(x: int) -> int:
  return x
def f2245(x: int) -> int:
  return x
def f2246(x: int) -> int:
  return x
def f2247(x: int) -> int:
  return x
def f2248(x: int) -> int:
  return x
def f2249(x: int) -> int:
  return x
def f2250(x: int) -> int:
  return x
def f2251(x: int) -> int:
  return x
def f2252(x: int) -> int:
  return x
def f2253(x: int) -> int:
  return x
def f2254(x: int) -> int:
  return x
def f2255(x: int) -> int:
  return x
def f2256(x: int) -> int:
  return x
def f2257(x: int) -> int:
  return x
def f2258(x: int) -> int:
  return x
def f2259(x: int) -> int:
  return x
def f2260(x: int) -> int:
  return x
def f2261(x: int) -> int:
  return x
def f2262(x: int) -> int:
  return x
def f2263(x: int) -> int:
  return x
def f2264(x: int) -> int:
  return x
def f2265(x: int) -> int:
  return x
def f2266(x: int) -> int:
  return x
def f2267(x: int) -> int:
  return x
def f2268(x: int) -> int:
  return x
def f2269(x: int) -> int:
  return x
def f2270(x: int) -> int:
  return x
def f2271(x: int) -> int:
  return x
def f2272(x: int) -> int:
  return x
def f2273(x: int) -> int:
  return x
def f2274(x: int) -> int:
  return x
def f2275(x: int) -> int:
  return x
def f2276(x: int) -> int:
  return x
def f2277(x: int) -> int:
  return x
def f2278(x: int) -> int:
  return x
def f2279(x: int) -> int:
  return x
def f2280(x: int) -> int:
  return x
def f2281(x: int) -> int:
  return x
def f2282(x: int) -> int:
  return x
def f2283(x: int) -> int:
  return x
def f2284(x: int) -> int:
  return x
def f2285(x: int) -> int:
  return x
def f2286(x: int) -> int:
  return x
def f2287(x: int) -> int:
  return x
def f2288(x: int) -> int:
  return x
def f2289(x: int) -> int:
  return x
def f2290(x: int) -> int:
  return x
def f2291(x: int) -> int:
  return x
def f2292(x: int) -> int:
  return x
def f2293(x: int) -> int:
  return x
def f2294(x: int) -> int:
  return x
def f2295(x: int) -> int:
  return x
def f2296(x: int) -> int:
  return x
def f2297(x: int) -> int:
  return x
def f2298(x: int) -> int:
  return x
def f2299(x: int) -> int:
  return x
def f2300(x: int) -> int:
  return x
def f2301(x: int) -> int:
  return x
def f2302(x: int) -> int:
  return x
def f2303(x: int) -> int:
  return x
def f2304(x: int) -> int:
  return x
def f2305(x: int) -> int:
  return x
def f2306(x: int) -> int:
  return x
def f2307(x: int) -> int:
  return x
def f2308(x: int) -> int:
  return x
def f2309(x: int) -> int:
  return x
def f2310(x: int) -> int:
  return x
def f2311(x: int) -> int:
  return x
def f2312(x: int) -> int:
  return x
def f2313(x: int) -> int:
  return x
def f2314(x: int) -> int:
  return x
def f2315(x: int) -> int:
  return x
def f2316(x: int) -> int:
  return x
def f2317(x: int) -> int:
  return x
def f2318(x: int) -> int:
  return x
def f2319(x: int) -> int:
  return x
def f2320(x: int) -> int:
  return x
def f2321(x: int) -> int:
  return x
def f2322(x: int) -> int:
  return x
def f2323(x: int) -> int:
  return x
def f2324(x: int) -> int:
  return x
def f2325(x: int) -> int:
  return x
def f2326(x: int) -> int:
  return x
def f2327(x: int) -> int:
  return x
def f2328(x: int) -> int:
  return x
def f2329(x: int) -> int:
  return x
def f2330(x: int) -> int:
  return x
def f2331(x: int) -> int:
  return x
def f2332(x: int) -> int:
  return x
def f2333(x: int) -> int:
  return x
def f2334(x: int) -> int:
  return x
def f2335(x: int) -> int:
  return x
def f2336(x: int) -> int:
  return x
def f2337(x: int) -> int:
  return x
def f2338(x: int) -> int:
  return x
def f2339(x: int) -> int:
  return x
def f2340(x: int) -> int:
  return x
def f2341(x: int) -> int:
  return x
def f2342(x: int) -> int:
  return x
def f2343(x: int) -> int:
  return x
def f2344(x: int) -> int:
  return x
def f2345(x: int) -> int:
  return x
def f2346(x: int) -> int:
  return x
def f2347(x: int) -> int:
  return x
def f2348(x: int) -> int:
  return x
def f2349(x: int) -> int:
  return x
def f2350(x: int) -> int:
  return x
def f2351(x: int) -> int:
  return x
def f2352(x: int) -> int:
  return x
def f2353(x: int) -> int:
  return x
def f2354(x: int) -> int:
  return x
def f2355(x: int) -> int:
  return x
def f2356(x: int) -> int:
  return x
def f2357(x: int) -> int:
  return x
def f2358(x: int) -> int:
  return x
def f2359(x: int) -> int:
  return x
def f2360(x: int) -> int:
  return x
def f2361(x: int) -> int:
  return x
def f2362(x: int) -> int:
  return x
def f2363(x: int) -> int:
  return x
def f2364(x: int) -> int:
  return x
def f2365(x: int) -> int:
  return x
def f2366(x: int) -> int:
  return x
def f2367(x: int) -> int:
  return x
def f2368(x: int) -> int:
  return x
def f2369(x: int) -> int:
  return x
def f2370(x: int) -> int:
  return x
def f2371(x: int) -> int:
  return x
def f2372(x: int) -> int:
  return x
def f2373(x: int) -> int:
  return x
def f2374(x: int) -> int:
  return x
def f2375(x: int) -> int:
  return x
def f2376(x: int) -> int:
  return x
def f2377(x: int) -> int:
  return x
def f2378(x: int) -> int:
  return x
def f2379(x: int) -> int:
  return x
def f2380(x: int) -> int:
  return x
def f2381(x: int) -> int:
  return x
def f2382(x: int) -> int:
  return x
def f2383(x: int) -> int:
  return x
def f2384(x: int) -> int:
  return x
def f2385(x: int) -> int:
  return x
def f2386(x: int) -> int:
  return x
def f2387(x: int) -> int:
  return x
def f2388(x: int) -> int:
  return x
def f2389(x: int) -> int:
  return x
def f2390(x: int) -> int:
  return x
def f2391(x: int) -> int:
  return x
def f2392(x: int) -> int:
  return x
def f2393(x: int) -> int:
  return x
def f2394(x: int) -> int:
  return x
def f2395(x: int) -> int:
  return x
def f2396(x: int) -> int:
  return x
def f2397(x: int) -> int:
  return x
def f2398(x: int) -> int:
  return x
def f2399(x: int) -> int:
  return x
def f2400(x: int) -> int:
  return x
def f2401(x: int) -> int:
  return x
def f2402(x: int) -> int:
  return x
def f2403(x: int) -> int:
  return x
def f2404(x: int) -> int:
  return x
def f2405(x: int) -> int:
  return x
def f2406(x: int) -> int:
  return x
def f2407(x: int) -> int:
  return x
def f2408(x: int) -> int:
  return x
def f2409(x: int) -> int:
  return x
def f2410(x: int) -> int:
  return x
def f2411(x: int) -> int:
  return x
def f2412(x: int) -> int:
  return x
def f2413(x: int) -> int:
  return x
def f2414(x: int) -> int:
  return x
def f2415(x: int) -> int:
  return x
def f2416(x: int) -> int:
  return x
def f2417(x: int) -> int:
  return x
def f2418(x: int) -> int:
  return x
def f2419(x: int) -> int:
  return x
def f2420(x: int) -> int:
  return x
def f2421(x: int) -> int:
  return x
def f2422(x: int) -> int:
  return x
def f2423(x: int) -> int:
  return x
def f2424(x: int) -> int:
  return x
def f2425(x: int) -> int:
  return x
def f2426(x: int) -> int:
  return x
def f2427(x: int) -> int:
  return x
def f2428(x: int) -> int:
  return x
def f2429(x: int) -> int:
  return x
def f2430(x: int) -> int:
  return x
def f2431(x: int) -> int:
  return x
def f2432(x: int) -> int:
  return x
def f2433(x: int) -> int:
  return x
def f2434(x: int) -> int:
  return x
def f2435(x: int) -> int:
  return x
def f2436(x: int) -> int:
  return x
def f2437(x: int) -> int:
  return x
def f2438(x: int) -> int:
  return x
def f2439(x: int) -> int:
  return x
def f2440(x: int) -> int:
  return x
def f2441(x: int) -> int:
  return x
def f2442(x: int) -> int:
  return x
def f2443(x: int) -> int:
  return x
def f2444(x: int) -> int:
  return x
def f2445(x: int) -> int:
  return x
def f2446(x: int) -> int:
  return x
def f2447(x: int) -> int:
  return x
def f2448(x: int) -> int:
  return x
def f2449(x: int) -> int:
  return x
def f2450(x: int) -> int:
  return x
def f2451(x: int) -> int:
  return x
def f2452(x: int) -> int:
  return x
def f2453(x: int) -> int:
  return x
def f2454(x: int) -> int:
  return x
def f2455(x: int) -> int:
  return x
def f2456(x: int) -> int:
  return x
def f2457(x: int) -> int:
  return x
def f2458(x: int) -> int:
  return x
def f2459(x: int) -> int:
  return x
def f2460(x: int) -> int:
  return x
def f2461(x: int) -> int:
  return x
def f2462(x: int) -> int:
  return x
def f2463(x: int) -> int:
  return x
def f2464(x: int) -> int:
  return x
def f2465(x: int) -> int:
  return x
def f2466(x: int) -> int:
  return x
def f2467(x: int) -> int:
  return x
def f2468(x: int) -> int:
  return x
def f2469(x: int) -> int:
  return x
def f2470(x: int) -> int:
  return x
def f2471(x: int) -> int:
  return x
def f2472(x: int) -> int:
  return x
def f2473(x: int) -> int:
  return x
def f2474(x: int) -> int:
  return x
def f2475(x: int) -> int:
  return x
def f2476(x: int) -> int:
  return x
def f2477(x: int) -> int:
  return x
def f2478(x: int) -> int:
  return x
def f2479(x: int) -> int:
  return x
def f2480(x: int) -> int:
  return x
def f2481(x: int) -> int:
  return x
def f2482(x: int) -> int:
  return x
def f2483(x: int) -> int:
  return x
def f2484(x: int) -> int:
  return x
def f2485(x: int) -> int:
  return x
def f2486(x: int) -> int:
  return x
def f2487(x: int) -> int:
  return x
def f2488(x: int) -> int:
  return x
def f2489(x: int) -> int:
  return x
def f2490(x: int) -> int:
  return x
def f2491(x: int) -> int:
  return x
def f2492(x: int) -> int:
  return x
def f2493(x: int) -> int:
  return x
def f2494(x: int) -> int:
  return x
def f2495(x: int) -> int:
  return x
def f2496(x: int) -> int:
  return x
def f2497(x: int) -> int:
  return x
def f2498(x: int) -> int:
  return x
def f2499(x: int) -> int:
  return x
def f2500(x: int) -> int:
  return x
def f2501(x: int) -> int:
  return x
def f2502(x: int) -> int:
  return x
def f2503(x: int) -> int:
  return x
def f2504(x: int) -> int:
  return x
def f2505(x: int) -> int:
  return x
def f2506(x: int) -> int:
  return x
def f2507(x: int) -> int:
  return x
def f2508(x: int) -> int:
  return x
def f2509(x: int) -> int:
  return x
def f2510(x: int) -> int:
  return x
def f2511(x: int) -> int:
  return x
def f2512(x: int) -> int:
  return x
def f2513(x: int) -> int:
  return x
def f2514(x: int) -> int:
  return x
def f2515(x: int) -> int:
  return x
def f2516(x: int) -> int:
  return x
def f2517(x: int) -> int:
  return x
def f2518(x: int) -> int:
  return x
def f2519(x: int) -> int:
  return x
def f2520(x: int) -> int:
  return x
def f2521(x: int) -> int:
  return x
def f2522(x: int) -> int:
  return x
def f2523(x: int) -> int:
  return x
def f2524(x: int) -> int:
  return x
def f2525(x: int) -> int:
  return x
def f2526(x: int) -> int:
  return x
def f2527(x: int) -> int:
  return x
def f2528(x: int) -> int:
  return x
def f2529(x: int) -> int:
  return x
def f2530(x: int) -> int:
  return x
def f2531(x: int) -> int:
  return x
def f2532(x: int) -> int:
  return x
def f2533(x: int) -> int:
  return x
def f2534(x: int) -> int:
  return x
def f2535(x: int) -> int:
  return x
def f2536(x: int) -> int:
  return x
def f2537(x: int) -> int:
  return x
def f2538(x: int) -> int:
  return x
def f2539(x: int) -> int:
  return x
def f2540(x: int) -> int:
  return x
def f2541(x: int) -> int:
  return x
def f2542(x: int) -> int:
  return x
def f2543(x: int) -> int:
  return x
def f2544(x: int) -> int:
  return x
def f2545(x: int) -> int:
  return x
def f2546(x: int) -> int:
  return x
def f2547(x: int) -> int:
  return x
def f2548(x: int) -> int:
  return x
def f2549(x: int) -> int:
  return x
def f2550(x: int) -> int:
  return x
def f2551(x: int) -> int:
  return x
def f2552(x: int) -> int:
  return x
def f2553(x: int) -> int:
  return x
def f2554(x: int) -> int:
  return x
def f2555(x: int) -> int:
  return x
def f2556(x: int) -> int:
  return x
def f2557(x: int) -> int:
  return x
def f2558(x: int) -> int:
  return x
def f2559(x: int) -> int:
  return x
def f2560(x: int) -> int:
  return x
def f2561(x: int) -> int:
  return x
def f2562(x: int) -> int:
  return x
def f2563(x: int) -> int:
  return x
def f2564(x: int) -> int:
  return x
def f2565(x: int) -> int:
  return x
def f2566(x: int) -> int:
  return x
def f2567(x: int) -> int:
  return x
def f2568(x: int) -> int:
  return x
def f2569(x: int) -> int:
  return x
def f2570(x: int) -> int:
  return x
def f2571(x: int) -> int:
  return x
def f2572(x: int) -> int:
  return x
def f2573(x: int) -> int:
  return x
def f2574(x: int) -> int:
  return x
def f2575(x: int) -> int:
  return x
def f2576(x: int) -> int:
  return x
def f2577(x: int) -> int:
  return x
def f2578(x: int) -> int:
  return x
def f2579(x: int) -> int:
  return x
def f2580(x: int) -> int:
  return x
def f2581(x: int) -> int:
  return x
def f2582(x: int) -> int:
  return x
def f2583(x: int) -> int:
  return x
def f2584(x: int) -> int:
  return x
def f2585(x: int) -> int:
  return x
def f2586(x: int) -> int:
  return x
def f2587(x: int) -> int:
  return x
def f2588(x: int) -> int:
  return x
def f2589(x: int) -> int:
  return x
def f2590(x: int) -> int:
  return x
def f2591(x: int) -> int:
  return x
def f2592(x: int) -> int:
  return x
def f2593(x: int) -> int:
  return x
def f2594(x: int) -> int:
  return x
def f2595(x: int) -> int:
  return x
def f2596(x: int) -> int:
  return x
def f2597(x: int) -> int:
  return x
def f2598(x: int) -> int:
  return x
def f2599(x: int) -> int:
  return x
def f2600(x: int) -> int:
  return x
def f2601(x: int) -> int:
  return x
def f2602(x: int) -> int:
  return x
def f2603(x: int) -> int:
  return x
def f2604(x: int) -> int:
  return x
def f2605(x: int) -> int:
  return x
def f2606(x: int) -> int:
  return x
def f2607(x: int) -> int:
  return x
def f2608(x: int) -> int:
  return x
def f2609(x: int) -> int:
  return x
def f2610(x: int) -> int:
  return x
def f2611(x: int) -> int:
  return x
def f2612(x: int) -> int:
  return x
def f2613(x: int) -> int:
  return x
def f2614(x: int) -> int:
  return x
def f2615(x: int) -> int:
  return x
def f2616(x: int) -> int:
  return x
def f2617(x: int) -> int:
  return x
def f2618(x: int) -> int:
  return x
def f2619(x: int) -> int:
  return x
def f2620(x: int) -> int:
  return x
def f2621(x: int) -> int:
  return x
def f2622(x: int) -> int:
  return x
def f2623(x: int) -> int:
  return x
def f2624(x: int) -> int:
  return x
def f2625(x: int) -> int:
  return x
def f2626(x: int) -> int:
  return x
def f2627(x: int) -> int:
  return x
def f2628(x: int) -> int:
  return x
def f2629(x: int) -> int:
  return x
def f2630(x: int) -> int:
  return x
def f2631(x: int) -> int:
  return x
def f2632(x: int) -> int:
  return x
def f2633(x: int) -> int:
  return x
def f2634(x: int) -> int:
  return x
def f2635(x: int) -> int:
  return x
def f2636(x: int) -> int:
  return x
def f2637(x: int) -> int:
  return x
def f2638(x: int) -> int:
  return x
def f2639(x: int) -> int:
  return x
def f2640(x: int) -> int:
  return x
def f2641(x: int) -> int:
  return x
def f2642(x: int) -> int:
  return x
def f2643(x: int) -> int:
  return x
def f2644(x: int) -> int:
  return x
def f2645(x: int) -> int:
  return x
def f2646(x: int) -> int:
  return x
def f2647(x: int) -> int:
  return x
def f2648(x: int) -> int:
  return x
def f2649(x: int) -> int:
  return x
def f2650(x: int) -> int:
  return x
def f2651(x: int) -> int:
  return x
def f2652(x: int) -> int:
  return x
def f2653(x: int) -> int:
  return x
def f2654(x: int) -> int:
  return x
def f2655(x: int) -> int:
  return x
def f2656(x: int) -> int:
  return x
def f2657(x: int) -> int:
  return x
def f2658(x: int) -> int:
  return x
def f2659(x: int) -> int:
  return x
def f2660(x: int) -> int:
  return x
def f2661(x: int) -> int:
  return x
def f2662(x: int) -> int:
  return x
def f2663(x: int) -> int:
  return x
def f2664(x: int) -> int:
  return x
def f2665(x: int) -> int:
  return x
def f2666(x: int) -> int:
  return x
def f2667(x: int) -> int:
  return x
def f2668(x: int) -> int:
  return x
def f2669(x: int) -> int:
  return x
def f2670(x: int) -> int:
  return x
def f2671(x: int) -> int:
  return x
def f2672(x: int) -> int:
  return x
def f2673(x: int) -> int:
  return x
def f2674(x: int) -> int:
  return x
def f2675(x: int) -> int:
  return x
def f2676(x: int) -> int:
  return x
def f2677(x: int) -> int:
  return x
def f2678(x: int) -> int:
  return x
def f2679(x: int) -> int:
  return x
def f2680(x: int) -> int:
  return x
def f2681(x: int) -> int:
  return x
def f2682(x: int) -> int:
  return x
def f2683(x: int) -> int:
  return x
def f2684(x: int) -> int:
  return x
def f2685(x: int) -> int:
  return x
def f2686(x: int) -> int:
  return x
def f2687(x: int) -> int:
  return x
def f2688(x: int) -> int:
  return x
def f2689(x: int) -> int:
  return x
def f2690(x: int) -> int:
  return x
def f2691(x: int) -> int:
  return x
def f2692(x: int) -> int:
  return x
def f2693(x: int) -> int:
  return x
def f2694(x: int) -> int:
  return x
def f2695(x: int) -> int:
  return x
def f2696(x: int) -> int:
  return x
def f2697(x: int) -> int:
  return x
def f2698(x: int) -> int:
  return x
def f2699(x: int) -> int:
  return x
def f2700(x: int) -> int:
  return x
def f2701(x: int) -> int:
  return x
def f2702(x: int) -> int:
  return x
def f2703(x: int) -> int:
  return x
def f2704(x: int) -> int:
  return x
def f2705(x: int) -> int:
  return x
def f2706(x: int) -> int:
  return x
def f2707(x: int) -> int:
  return x
def f2708(x: int) -> int:
  return x
def f2709(x: int) -> int:
  return x
def f2710(x: int) -> int:
  return x
def f2711(x: int) -> int:
  return x
def f2712(x: int) -> int:
  return x
def f2713(x: int) -> int:
  return x
def f2714(x: int) -> int:
  return x
def f2715(x: int) -> int:
  return x
def f2716(x: int) -> int:
  return x
def f2717(x: int) -> int:
  return x
def f2718(x: int) -> int:
  return x
def f2719(x: int) -> int:
  return x
def f2720(x: int) -> int:
  return x
def f2721(x: int) -> int:
  return x
def f2722(x: int) -> int:
  return x
def f2723(x: int) -> int:
  return x
def f2724(x: int) -> int:
  return x
def f2725(x: int) -> int:
  return x
def f2726(x: int) -> int:
  return x
def f2727(x: int) -> int:
  return x
def f2728(x: int) -> int:
  return x
def f2729(x: int) -> int:
  return x
def f2730(x: int) -> int:
  return x
def f2731(x: int) -> int:
  return x
def f2732(x: int) -> int:
  return x
def f2733(x: int) -> int:
  return x
def f2734(x: int) -> int:
  return x
def f2735(x: int) -> int:
  return x
def f2736(x: int) -> int:
  return x
def f2737(x: int) -> int:
  return x
def f2738(x: int) -> int:
  return x
def f2739(x: int) -> int:
  return x
def f2740(x: int) -> int:
  return x
def f2741(x: int) -> int:
  return x
def f2742(x: int) -> int:
  return x
def f2743(x: int) -> int:
  return x
def f2744(x: int) -> int:
  return x
def f2745(x: int) -> int:
  return x
def f2746(x: int) -> int:
  return x
def f2747(x: int) -> int:
  return x
def f2748(x: int) -> int:
  return x
def f2749(x: int) -> int:
  return x
def f2750(x: int) -> int:
  return x
def f2751(x: int) -> int:
  return x
def f2752(x: int) -> int:
  return x
def f2753(x: int) -> int:
  return x
def f2754(x: int) -> int:
  return x
def f2755(x: int) -> int:
  return x
def f2756(x: int) -> int:
  return x
def f2757(x: int) -> int:
  return x
def f2758(x: int) -> int:
  return x
def f2759(x: int) -> int:
  return x
def f2760(x: int) -> int:
  return x
def f2761(x: int) -> int:
  return x
def f2762(x: int) -> int:
  return x
def f2763(x: int) -> int:
  return x
def f2764(x: int) -> int:
  return x
def f2765(x: int) -> int:
  return x
def f2766(x: int) -> int:
  return x
def f2767(x: int) -> int:
  return x
def f2768(x: int) -> int:
  return x
def f2769(x: int) -> int:
  return x
def f2770(x: int) -> int:
  return x
def f2771(x: int) -> int:
  return x
def f2772(x: int) -> int:
  return x
def f2773(x: int) -> int:
  return x
def f2774(x: int) -> int:
  return x
def f2775(x: int) -> int:
  return x
def f2776(x: int) -> int:
  return x
def f2777(x: int) -> int:
  return x
def f2778(x: int) -> int:
  return x
def f2779(x: int) -> int:
  return x
def f2780(x: int) -> int:
  return x
def f2781(x: int) -> int:
  return x
def f2782(x: int) -> int:
  return x
def f2783(x: int) -> int:
  return x
def f2784(x: int) -> int:
  return x
def f2785(x: int) -> int:
  return x
def f2786(x: int) -> int:
  return x
def f2787(x: int) -> int:
  return x
def f2788(x: int) -> int:
  return x
def f2789(x: int) -> int:
  return x
def f2790(x: int) -> int:
  return x
def f2791(x: int) -> int:
  return x
def f2792(x: int) -> int:
  return x
def f2793(x: int) -> int:
  return x
def f2794(x: int) -> int:
  return x
def f2795(x: int) -> int:
  return x
def f2796(x: int) -> int:
  return x
def f2797(x: int) -> int:
  return x
def f2798(x: int) -> int:
  return x
def f2799(x: int) -> int:
  return x
def f2800(x: int) -> int:
  return x
def f2801(x: int) -> int:
  return x
def f2802(x: int) -> int:
  return x
def f2803(x: int) -> int:
  return x
def f2804(x: int) -> int:
  return x
def f2805(x: int) -> int:
  return x
def f2806(x: int) -> int:
  return x
def f2807(x: int) -> int:
  return x
def f2808(x: int) -> int:
  return x
def f2809(x: int) -> int:
  return x
def f2810(x: int) -> int:
  return x
def f2811(x: int) -> int:
  return x
def f2812(x: int) -> int:
  return x
def f2813(x: int) -> int:
  return x
def f2814(x: int) -> int:
  return x
def f2815(x: int) -> int:
  return x
def f2816(x: int) -> int:
  return x
def f2817(x: int) -> int:
  return x
def f2818(x: int) -> int:
  return x
def f2819(x: int) -> int:
  return x
def f2820(x: int) -> int:
  return x
def f2821(x: int) -> int:
  return x
def f2822(x: int) -> int:
  return x
def f2823(x: int) -> int:
  return x
def f2824(x: int) -> int:
  return x
def f2825(x: int) -> int:
  return x
def f2826(x: int) -> int:
  return x
def f2827(x: int) -> int:
  return x
def f2828(x: int) -> int:
  return x
def f2829(x: int) -> int:
  return x
def f2830(x: int) -> int:
  return x
def f2831(x: int) -> int:
  return x
def f2832(x: int) -> int:
  return x
def f2833(x: int) -> int:
  return x
def f2834(x: int) -> int:
  return x
def f2835(x: int) -> int:
  return x
def f2836(x: int) -> int:
  return x
def f2837(x: int) -> int:
  return x
def f2838(x: int) -> int:
  return x
def f2839(x: int) -> int:
  return x
def f2840(x: int) -> int:
  return x
def f2841(x: int) -> int:
  return x
def f2842(x: int) -> int:
  return x
def f2843(x: int) -> int:
  return x
def f2844(x: int) -> int:
  return x
def f2845(x: int) -> int:
  return x
def f2846(x: int) -> int:
  return x
def f2847(x: int) -> int:
  return x
def f2848(x: int) -> int:
  return x
def f2849(x: int) -> int:
  return x
def f2850(x: int) -> int:
  return x
def f2851(x: int) -> int:
  return x
def f2852(x: int) -> int:
  return x
def f2853(x: int) -> int:
  return x
def f2854(x: int) -> int:
  return x
def f2855(x: int) -> int:
  return x
def f2856(x: int) -> int:
  return x
def f2857(x: int) -> int:
  return x
def f2858(x: int) -> int:
  return x
def f2859(x: int) -> int:
  return x
def f2860(x: int) -> int:
  return x
def f2861(x: int) -> int:
  return x
def f2862(x: int) -> int:
  return x
def f2863(x: int) -> int:
  return x
def f2864(x: int) -> int:
  return x
def f2865(x: int) -> int:
  return x
def f2866(x: int) -> int:
  return x
def f2867(x: int) -> int:
  return x
def f2868(x: int) -> int:
  return x
def f2869(x: int) -> int:
  return x
def f2870(x: int) -> int:
  return x
def f2871(x: int) -> int:
  return x
def f2872(x: int) -> int:
  return x
def f2873(x: int) -> int:
  return x
def f2874(x: int) -> int:
  return x
def f2875(x: int) -> int:
  return x
def f2876(x: int) -> int:
  return x
def f2877(x: int) -> int:
  return x
def f2878(x: int) -> int:
  return x
def f2879(x: int) -> int:
  return x
def f2880(x: int) -> int:
  return x
def f2881(x: int) -> int:
  return x
def f2882(x: int) -> int:
  return x
def f2883(x: int) -> int:
  return x
def f2884(x: int) -> int:
  return x
def f2885(x: int) -> int:
  return x
def f2886(x: int) -> int:
  return x
def f2887(x: int) -> int:
  return x
def f2888(x: int) -> int:
  return x
def f2889(x: int) -> int:
  return x
def f2890(x: int) -> int:
  return x
def f2891(x: int) -> int:
  return x
def f2892(x: int) -> int:
  return x
def f2893(x: int) -> int:
  return x
def f2894(x: int) -> int:
  return x
def f2895(x: int) -> int:
  return x
def f2896(x: int) -> int:
  return x
def f2897(x: int) -> int:
  return x
def f2898(x: int) -> int:
  return x
def f2899(x: int) -> int:
  return x
def f2900(x: int) -> int:
  return x
def f2901(x: int) -> int:
  return x
def f2902(x: int) -> int:
  return x
def f2903(x: int) -> int:
  return x
def f2904(x: int) -> int:
  return x
def f2905(x: int) -> int:
  return x
def f2906(x: int) -> int:
  return x
def f2907(x: int) -> int:
  return x
def f2908(x: int) -> int:
  return x
def f2909(x: int) -> int:
  return x
def f2910(x: int) -> int:
  return x
def f2911(x: int) -> int:
  return x
def f2912(x: int) -> int:
  return x
def f2913(x: int) -> int:
  return x
def f2914(x: int) -> int:
  return x
def f2915(x: int) -> int:
  return x
def f2916(x: int) -> int:
  return x
def f2917(x: int) -> int:
  return x
def f2918(x: int) -> int:
  return x
def f2919(x: int) -> int:
  return x
def f2920(x: int) -> int:
  return x
def f2921(x: int) -> int:
  return x
def f2922(x: int) -> int:
  return x
def f2923(x: int) -> int:
  return x
def f2924(x: int) -> int:
  return x
def f2925(x: int) -> int:
  return x
def f2926(x: int) -> int:
  return x
def f2927(x: int) -> int:
  return x
def f2928(x: int) -> int:
  return x
def f2929(x: int) -> int:
  return x
def f2930(x: int) -> int:
  return x
def f2931(x: int) -> int:
  return x
def f2932(x: int) -> int:
  return x
def f2933(x: int) -> int:
  return x
def f2934(x: int) -> int:
  return x
def f2935(x: int) -> int:
  return x
def f2936(x: int) -> int:
  return x
def f2937(x: int) -> int:
  return x
def f2938(x: int) -> int:
  return x
def f2939(x: int) -> int:
  return x
def f2940(x: int) -> int:
  return x
def f2941(x: int) -> int:
  return x
def f2942(x: int) -> int:
  return x
def f2943(x: int) -> int:
  return x
def f2944(x: int) -> int:
  return x
def f2945(x: int) -> int:
  return x
def f2946(x: int) -> int:
  return x
def f2947(x: int) -> int:
  return x
def f2948(x: int) -> int:
  return x
def f2949(x: int) -> int:
  return x
def f2950(x: int) -> int:
  return x
def f2951(x: int) -> int:
  return x
def f2952(x: int) -> int:
  return x
def f2953(x: int) -> int:
  return x
def f2954(x: int) -> int:
  return x
def f2955(x: int) -> int:
  return x
def f2956(x: int) -> int:
  return x
def f2957(x: int) -> int:
  return x
def f2958(x: int) -> int:
  return x
def f2959(x: int) -> int:
  return x
def f2960(x: int) -> int:
  return x
def f2961(x: int) -> int:
  return x
def f2962(x: int) -> int:
  return x
def f2963(x: int) -> int:
  return x
def f2964(x: int) -> int:
  return x
def f2965(x: int) -> int:
  return x
def f2966(x: int) -> int:
  return x
def f2967(x: int) -> int:
  return x
def f2968(x: int) -> int:
  return x
def f2969(x: int) -> int:
  return x
def f2970(x: int) -> int:
  return x
def f2971(x: int) -> int:
  return x
def f2972(x: int) -> int:
  return x
def f2973(x: int) -> int:
  return x
def f2974(x: int) -> int:
  return x
def f2975(x: int) -> int:
  return x
def f2976(x: int) -> int:
  return x
def f2977(x: int) -> int:
  return x
def f2978(x: int) -> int:
  return x
def f2979(x: int) -> int:
  return x
def f2980(x: int) -> int:
  return x
def f2981(x: int) -> int:
  return x
def f2982(x: int) -> int:
  return x
def f2983(x: int) -> int:
  return x
def f2984(x: int) -> int:
  return x
def f2985(x: int) -> int:
  return x
def f2986(x: int) -> int:
  return x
def f2987(x: int) -> int:
  return x
def f2988(x: int) -> int:
  return x
def f2989(x: int) -> int:
  return x
def f2990(x: int) -> int:
  return x
def f2991(x: int) -> int:
  return x
def f2992(x: int) -> int:
  return x
def f2993(x: int) -> int:
  return x
def f2994(x: int) -> int:
  return x
def f2995(x: int) -> int:
  return x
def f2996(x: int) -> int:
  return x
def f2997(x: int) -> int:
  return x
def f2998(x: int) -> int:
  return x
def f2999(x: int) -> int:
  return x
def f3000(x: int) -> int:
  return x
def f3001(x: int) -> int:
  return x
def f3002(x: int) -> int:
  return x
def f3003(x: int) -> int:
  return x
def f3004(x: int) -> int:
  return x
def f3005(x: int) -> int:
  return x
def f3006(x: int) -> int:
  return x
def f3007(x: int) -> int:
  return x
def f3008(x: int) -> int:
  return x
def f3009(x: int) -> int:
  return x
def f3010(x: int) -> int:
  return x
def f3011(x: int) -> int:
  return x
def f3012(x: int) -> int:
  return x
def f3013(x: int) -> int:
  return x
def f3014(x: int) -> int:
  return x
def f3015(x: int) -> int:
  return x
def f3016(x: int) -> int:
  return x
def f3017(x: int) -> int:
  return x
def f3018(x: int) -> int:
  return x
def f3019(x: int) -> int:
  return x
def f3020(x: int) -> int:
  return x
def f3021(x: int) -> int:
  return x
def f3022(x: int) -> int:
  return x
def f3023(x: int) -> int:
  return x
def f3024(x: int) -> int:
  return x
def f3025(x: int) -> int:
  return x
def f3026(x: int) -> int:
  return x
def f3027(x: int) -> int:
  return x
def f3028(x: int) -> int:
  return x
def f3029(x: int) -> int:
  return x
def f3030(x: int) -> int:
  return x
def f3031(x: int) -> int:
  return x
def f3032(x: int) -> int:
  return x
def f3033(x: int) -> int:
  return x
def f3034(x: int) -> int:
  return x
def f3035(x: int) -> int:
  return x
def f3036(x: int) -> int:
  return x
def f3037(x: int) -> int:
  return x
def f3038(x: int) -> int:
  return x
def f3039(x: int) -> int:
  return x
def f3040(x: int) -> int:
  return x
def f3041(x: int) -> int:
  return x
def f3042(x: int) -> int:
  return x
def f3043(x: int) -> int:
  return x
def f3044(x: int) -> int:
  return x
def f3045(x: int) -> int:
  return x
def f3046(x: int) -> int:
  return x
def f3047(x: int) -> int:
  return x
def f3048(x: int) -> int:
  return x
def f3049(x: int) -> int:
  return x
def f3050(x: int) -> int:
  return x
def f3051(x: int) -> int:
  return x
def f3052(x: int) -> int:
  return x
def f3053(x: int) -> int:
  return x
def f3054(x: int) -> int:
  return x
def f3055(x: int) -> int:
  return x
def f3056(x: int) -> int:
  return x
def f3057(x: int) -> int:
  return x
def f3058(x: int) -> int:
  return x
def f3059(x: int) -> int:
  return x
def f3060(x: int) -> int:
  return x
def f3061(x: int) -> int:
  return x
def f3062(x: int) -> int:
  return x
def f3063(x: int) -> int:
  return x
def f3064(x: int) -> int:
  return x
def f3065(x: int) -> int:
  return x
def f3066(x: int) -> int:
  return x
def f3067(x: int) -> int:
  return x
def f3068(x: int) -> int:
  return x
def f3069(x: int) -> int:
  return x
def f3070(x: int) -> int:
  return x
def f3071(x: int) -> int:
  return x
def f3072(x: int) -> int:
  return x
def f3073(x: int) -> int:
  return x
def f3074(x: int) -> int:
  return x
def f3075(x: int) -> int:
  return x
def f3076(x: int) -> int:
  return x
def f3077(x: int) -> int:
  return x
def f3078(x: int) -> int:
  return x
def f3079(x: int) -> int:
  return x
def f3080(x: int) -> int:
  return x
def f3081(x: int) -> int:
  return x
def f3082(x: int) -> int:
  return x
def f3083(x: int) -> int:
  return x
def f3084(x: int) -> int:
  return x
def f3085(x: int) -> int:
  return x
def f3086(x: int) -> int:
  return x
def f3087(x: int) -> int:
  return x
def f3088(x: int) -> int:
  return x
def f3089(x: int) -> int:
  return x
def f3090(x: int) -> int:
  return x
def f3091(x: int) -> int:
  return x
def f3092(x: int) -> int:
  return x
def f3093(x: int) -> int:
  return x
def f3094(x: int) -> int:
  return x
def f3095(x: int) -> int:
  return x
def f3096(x: int) -> int:
  return x
def f3097(x: int) -> int:
  return x
def f3098(x: int) -> int:
  return x
def f3099(x: int) -> int:
  return x
def f3100(x: int) -> int:
  return x
def f3101(x: int) -> int:
  return x
def f3102(x: int) -> int:
  return x
def f3103(x: int) -> int:
  return x
def f3104(x: int) -> int:
  return x
def f3105(x: int) -> int:
  return x
def f3106(x: int) -> int:
  return x
def f3107(x: int) -> int:
  return x
def f3108(x: int) -> int:
  return x
def f3109(x: int) -> int:
  return x
def f3110(x: int) -> int:
  return x
def f3111(x: int) -> int:
  return x
def f3112(x: int) -> int:
  return x
def f3113(x: int) -> int:
  return x
def f3114(x: int) -> int:
  return x
def f3115(x: int) -> int:
  return x
def f3116(x: int) -> int:
  return x
def f3117(x: int) -> int:
  return x
def f3118(x: int) -> int:
  return x
def f3119(x: int) -> int:
  return x
def f3120(x: int) -> int:
  return x
def f3121(x: int) -> int:
  return x
def f3122(x: int) -> int:
  return x
def f3123(x: int) -> int:
  return x
def f3124(x: int) -> int:
  return x
def f3125(x: int) -> int:
  return x
def f3126(x: int) -> int:
  return x
def f3127(x: int) -> int:
  return x
def f3128(x: int) -> int:
  return x
def f3129(x: int) -> int:
  return x
def f3130(x: int) -> int:
  return x
def f3131(x: int) -> int:
  return x
def f3132(x: int) -> int:
  return x
def f3133(x: int) -> int:
  return x
def f3134(x: int) -> int:
  return x
def f3135(x: int) -> int:
  return x
def f3136(x: int) -> int:
  return x
def f3137(x: int) -> int:
  return x
def f3138(x: int) -> int:
  return x
def f3139(x: int) -> int:
  return x
def f3140(x: int) -> int:
  return x
def f3141(x: int) -> int:
  return x
def f3142(x: int) -> int:
  return x
def f3143(x: int) -> int:
  return x
def f3144(x: int) -> int:
  return x
def f3145(x: int) -> int:
  return x
def f3146(x: int) -> int:
  return x
def f3147(x: int) -> int:
  return x
def f3148(x: int) -> int:
  return x
def f3149(x: int) -> int:
  return x
def f3150(x: int) -> int:
  return x
def f3151(x: int) -> int:
  return x
def f3152(x: int) -> int:
  return x
def f3153(x: int) -> int:
  return x
def f3154(x: int) -> int:
  return x
def f3155(x: int) -> int:
  return x
def f3156(x: int) -> int:
  return x
def f3157(x: int) -> int:
  return x
def f3158(x: int) -> int:
  return x
def f3159(x: int) -> int:
  return x
def f3160(x: int) -> int:
  return x
def f3161(x: int) -> int:
  return x
def f3162(x: int) -> int:
  return x
def f3163(x: int) -> int:
  return x
def f3164(x: int) -> int:
  return x
def f3165(x: int) -> int:
  return x
def f3166(x: int) -> int:
  return x
def f3167(x: int) -> int:
  return x
def f3168(x: int) -> int:
  return x
def f3169(x: int) -> int:
  return x
def f3170(x: int) -> int:
  return x
def f3171(x: int) -> int:
  return x
def f3172(x: int) -> int:
  return x
def f3173(x: int) -> int:
  return x
def f3174(x: int) -> int:
  return x
def f3175(x: int) -> int:
  return x
def f3176(x: int) -> int:
  return x
def f3177(x: int) -> int:
  return x
def f3178(x: int) -> int:
  return x
def f3179(x: int) -> int:
  return x
def f3180(x: int) -> int:
  return x
def f3181(x: int) -> int:
  return x
def f3182(x: int) -> int:
  return x
def f3183(x: int) -> int:
  return x
def f3184(x: int) -> int:
  return x
def f3185(x: int) -> int:
  return x
def f3186(x: int) -> int:
  return x
def f3187(x: int) -> int:
  return x
def f3188(x: int) -> int:
  return x
def f3189(x: int) -> int:
  return x
def f3190(x: int) -> int:
  return x
def f3191(x: int) -> int:
  return x
def f3192(x: int) -> int:
  return x
def f3193(x: int) -> int:
  return x
def f3194(x: int) -> int:
  return x
def f3195(x: int) -> int:
  return x
def f3196(x: int) -> int:
  return x
def f3197(x: int) -> int:
  return x
def f3198(x: int) -> int:
  return x
def f3199(x: int) -> int:
  return x
def f3200(x: int) -> int:
  return x
def f3201(x: int) -> int:
  return x
def f3202(x: int) -> int:
  return x
def f3203(x: int) -> int:
  return x
def f3204(x: int) -> int:
  return x
def f3205(x: int) -> int:
  return x
def f3206(x: int) -> int:
  return x
def f3207(x: int) -> int:
  return x
def f3208(x: int) -> int:
  return x
def f3209(x: int) -> int:
  return x
def f3210(x: int) -> int:
  return x
def f3211(x: int) -> int:
  return x
def f3212(x: int) -> int:
  return x
def f3213(x: int) -> int:
  return x
def f3214(x: int) -> int:
  return x
def f3215(x: int) -> int:
  return x
def f3216(x: int) -> int:
  return x
def f3217(x: int) -> int:
  return x
def f3218(x: int) -> int:
  return x
def f3219(x: int) -> int:
  return x
def f3220(x: int) -> int:
  return x
def f3221(x: int) -> int:
  return x
def f3222(x: int) -> int:
  return x
def f3223(x: int) -> int:
  return x
def f3224(x: int) -> int:
  return x
def f3225(x: int) -> int:
  return x
def f3226(x: int) -> int:
  return x
def f3227(x: int) -> int:
  return x
def f3228(x: int) -> int:
  return x
def f3229(x: int) -> int:
  return x
def f3230(x: int) -> int:
  return x
def f3231(x: int) -> int:
  return x
def f3232(x: int) -> int:
  return x
def f3233(x: int) -> int:
  return x
def f3234(x: int) -> int:
  return x
def f3235(x: int) -> int:
  return x
def f3236(x: int) -> int:
  return x
def f3237(x: int) -> int:
  return x
def f3238(x: int) -> int:
  return x
def f3239(x: int) -> int:
  return x
def f3240(x: int) -> int:
  return x
def f3241(x: int) -> int:
  return x
def f3242(x: int) -> int:
  return x
def f3243(x: int) -> int:
  return x
def f3244(x: int) -> int:
  return x
def f3245(x: int) -> int:
  return x
def f3246(x: int) -> int:
  return x
def f3247(x: int) -> int:
  return x
def f3248(x: int) -> int:
  return x
def f3249(x: int) -> int:
  return x
def f3250(x: int) -> int:
  return x
def f3251(x: int) -> int:
  return x
def f3252(x: int) -> int:
  return x
def f3253(x: int) -> int:
  return x
def f3254(x: int) -> int:
  return x
def f3255(x: int) -> int:
  return x
def f3256(x: int) -> int:
  return x
def f3257(x: int) -> int:
  return x
def f3258(x: int) -> int:
  return x
def f3259(x: int) -> int:
  return x
def f3260(x: int) -> int:
  return x
def f3261(x: int) -> int:
  return x
def f3262(x: int) -> int:
  return x
def f3263(x: int) -> int:
  return x
def f3264(x: int) -> int:
  return x
def f3265(x: int) -> int:
  return x
def f3266(x: int) -> int:
  return x
def f3267(x: int) -> int:
  return x
def f3268(x: int) -> int:
  return x
def f3269(x: int) -> int:
  return x
def f3270(x: int) -> int:
  return x
def f3271(x: int) -> int:
  return x
def f3272(x: int) -> int:
  return x
def f3273(x: int) -> int:
  return x
def f3274(x: int) -> int:
  return x
def f3275(x: int) -> int:
  return x
def f3276(x: int) -> int:
  return x
def f3277(x: int) -> int:
  return x
def f3278(x: int) -> int:
  return x
def f3279(x: int) -> int:
  return x
def f3280(x: int) -> int:
  return x
def f3281(x: int) -> int:
  return x
def f3282(x: int) -> int:
  return x
def f3283(x: int) -> int:
  return x
def f3284(x: int) -> int:
  return x
def f3285(x: int) -> int:
  return x
def f3286(x: int) -> int:
  return x
def f3287(x: int) -> int:
  return x
def f3288(x: int) -> int:
  return x
def f3289(x: int) -> int:
  return x
def f3290(x: int) -> int:
  return x
def f3291(x: int) -> int:
  return x
def f3292(x: int) -> int:
  return x
def f3293(x: int) -> int:
  return x
def f3294(x: int) -> int:
  return x
def f3295(x: int) -> int:
  return x
def f3296(x: int) -> int:
  return x
def f3297(x: int) -> int:
  return x
def f3298(x: int) -> int:
  return x
def f3299(x: int) -> int:
  return x
def f3300(x: int) -> int:
  return x
def f3301(x: int) -> int:
  return x
def f3302(x: int) -> int:
  return x
def f3303(x: int) -> int:
  return x
def f3304(x: int) -> int:
  return x
def f3305(x: int) -> int:
  return x
def f3306(x: int) -> int:
  return x
def f3307(x: int) -> int:
  return x
def f3308(x: int) -> int:
  return x
def f3309(x: int) -> int:
  return x
def f3310(x: int) -> int:
  return x
def f3311(x: int) -> int:
  return x
def f3312(x: int) -> int:
  return x
def f3313(x: int) -> int:
  return x
def f3314(x: int) -> int:
  return x
def f3315(x: int) -> int:
  return x
def f3316(x: int) -> int:
  return x
def f3317(x: int) -> int:
  return x
def f3318(x: int) -> int:
  return x
def f3319(x: int) -> int:
  return x
def f3320(x: int) -> int:
  return x
def f3321(x: int) -> int:
  return x
def f3322(x: int) -> int:
  return x
def f3323(x: int) -> int:
  return x
def f3324(x: int) -> int:
  return x
def f3325(x: int) -> int:
  return x
def f3326(x: int) -> int:
  return x
def f3327(x: int) -> int:
  return x
def f3328(x: int) -> int:
  return x
def f3329(x: int) -> int:
  return x
def f3330(x: int) -> int:
  return x
def f3331(x: int) -> int:
  return x
def f3332(x: int) -> int:
  return x
def f3333(x: int) -> int:
  return x
def f3334(x: int) -> int:
  return x
def f3335(x: int) -> int:
  return x
def f3336(x: int) -> int:
  return x
def f3337(x: int) -> int:
  return x
def f3338(x: int) -> int:
  return x
def f3339(x: int) -> int:
  return x
def f3340(x: int) -> int:
  return x
def f3341(x: int) -> int:
  return x
def f3342(x: int) -> int:
  return x
def f3343(x: int) -> int:
  return x
def f3344(x: int) -> int:
  return x
def f3345(x: int) -> int:
  return x
def f3346(x: int) -> int:
  return x
def f3347(x: int) -> int:
  return x
def f3348(x: int) -> int:
  return x
def f3349(x: int) -> int:
  return x
def f3350(x: int) -> int:
  return x
def f3351(x: int) -> int:
  return x
def f3352(x: int) -> int:
  return x
def f3353(x: int) -> int:
  return x
def f3354(x: int) -> int:
  return x
def f3355(x: int) -> int:
  return x
def f3356(x: int) -> int:
  return x
def f3357(x: int) -> int:
  return x
def f3358(x: int) -> int:
  return x
def f3359(x: int) -> int:
  return x
def f3360(x: int) -> int:
  return x
def f3361(x: int) -> int:
  return x
def f3362(x: int) -> int:
  return x
def f3363(x: int) -> int:
  return x
def f3364(x: int) -> int:
  return x
def f3365(x: int) -> int:
  return x
def f3366(x: int) -> int:
  return x
def f3367(x: int) -> int:
  return x
def f3368(x: int) -> int:
  return x
def f3369(x: int) -> int:
  return x
def f3370(x: int) -> int:
  return x
def f3371(x: int) -> int:
  return x
def f3372(x: int) -> int:
  return x
def f3373(x: int) -> int:
  return x
def f3374(x: int) -> int:
  return x
def f3375(x: int) -> int:
  return x
def f3376(x: int) -> int:
  return x
def f3377(x: int) -> int:
  return x
def f3378(x: int) -> int:
  return x
def f3379(x: int) -> int:
  return x
def f3380(x: int) -> int:
  return x
def f3381(x: int) -> int:
  return x
def f3382(x: int) -> int:
  return x
def f3383(x: int) -> int:
  return x
def f3384(x: int) -> int:
  return x
def f3385(x: int) -> int:
  return x
def f3386(x: int) -> int:
  return x
def f3387(x: int) -> int:
  return x
def f3388(x: int) -> int:
  return x
def f3389(x: int) -> int:
  return x
def f3390(x: int) -> int:
  return x
def f3391(x: int) -> int:
  return x
def f3392(x: int) -> int:
  return x
def f3393(x: int) -> int:
  return x
def f3394(x: int) -> int:
  return x
def f3395(x: int) -> int:
  return x
def f3396(x: int) -> int:
  return x
def f3397(x: int) -> int:
  return x
def f3398(x: int) -> int:
  return x
def f3399(x: int) -> int:
  return x
def f3400(x: int) -> int:
  return x
def f3401(x: int) -> int:
  return x
def f3402(x: int) -> int:
  return x
def f3403(x: int) -> int:
  return x
def f3404(x: int) -> int:
  return x
def f3405(x: int) -> int:
  return x
def f3406(x: int) -> int:
  return x
def f3407(x: int) -> int:
  return x
def f3408(x: int) -> int:
  return x
def f3409(x: int) -> int:
  return x
def f3410(x: int) -> int:
  return x
def f3411(x: int) -> int:
  return x
def f3412(x: int) -> int:
  return x
def f3413(x: int) -> int:
  return x
def f3414(x: int) -> int:
  return x
def f3415(x: int) -> int:
  return x
def f3416(x: int) -> int:
  return x
def f3417(x: int) -> int:
  return x
def f3418(x: int) -> int:
  return x
def f3419(x: int) -> int:
  return x
def f3420(x: int) -> int:
  return x
def f3421(x: int) -> int:
  return x
def f3422(x: int) -> int:
  return x
def f3423(x: int) -> int:
  return x
def f3424(x: int) -> int:
  return x
def f3425(x: int) -> int:
  return x
def f3426(x: int) -> int:
  return x
def f3427(x: int) -> int:
  return x
def f3428(x: int) -> int:
  return x
def f3429(x: int) -> int:
  return x
def f3430(x: int) -> int:
  return x
def f3431(x: int) -> int:
  return x
def f3432(x: int) -> int:
  return x
def f3433(x: int) -> int:
  return x
def f3434(x: int) -> int:
  return x
def f3435(x: int) -> int:
  return x
def f3436(x: int) -> int:
  return x
def f3437(x: int) -> int:
  return x
def f3438(x: int) -> int:
  return x
def f3439(x: int) -> int:
  return x
def f3440(x: int) -> int:
  return x
def f3441(x: int) -> int:
  return x
def f3442(x: int) -> int:
  return x
def f3443(x: int) -> int:
  return x
def f3444(x: int) -> int:
  return x
def f3445(x: int) -> int:
  return x
def f3446(x: int) -> int:
  return x
def f3447(x: int) -> int:
  return x
def f3448(x: int) -> int:
  return x
def f3449(x: int) -> int:
  return x
def f3450(x: int) -> int:
  return x
def f3451(x: int) -> int:
  return x
def f3452(x: int) -> int:
  return x
def f3453(x: int) -> int:
  return x
def f3454(x: int) -> int:
  return x
def f3455(x: int) -> int:
  return x
def f3456(x: int) -> int:
  return x
def f3457(x: int) -> int:
  return x
def f3458(x: int) -> int:
  return x
def f3459(x: int) -> int:
  return x
def f3460(x: int) -> int:
  return x
def f3461(x: int) -> int:
  return x
def f3462(x: int) -> int:
  return x
def f3463(x: int) -> int:
  return x
def f3464(x: int) -> int:
  return x
def f3465(x: int) -> int:
  return x
def f3466(x: int) -> int:
  return x
def f3467(x: int) -> int:
  return x
def f3468(x: int) -> int:
  return x
def f3469(x: int) -> int:
  return x
def f3470(x: int) -> int:
  return x
def f3471(x: int) -> int:
  return x
def f3472(x: int) -> int:
  return x
def f3473(x: int) -> int:
  return x
def f3474(x: int) -> int:
  return x
def f3475(x: int) -> int:
  return x
def f3476(x: int) -> int:
  return x
def f3477(x: int) -> int:
  return x
def f3478(x: int) -> int:
  return x
def f3479(x: int) -> int:
  return x
def f3480(x: int) -> int:
  return x
def f3481(x: int) -> int:
  return x
def f3482(x: int) -> int:
  return x
def f3483(x: int) -> int:
  return x
def f3484(x: int) -> int:
  return x
def f3485(x: int) -> int:
  return x
def f3486(x: int) -> int:
  return x
def f3487(x: int) -> int:
  return x
def f3488(x: int) -> int:
  return x
def f3489(x: int) -> int:
  return x
def f3490(x: int) -> int:
  return x
def f3491(x: int) -> int:
  return x
def f3492(x: int) -> int:
  return x
def f3493(x: int) -> int:
  return x
def f3494(x: int) -> int:
  return x
def f3495(x: int) -> int:
  return x
def f3496(x: int) -> int:
  return x
def f3497(x: int) -> int:
  return x
def f3498(x: int) -> int:
  return x
def f3499(x: int) -> int:
  return x
def f3500(x: int) -> int:
  return x
def f3501(x: int) -> int:
  return x
def f3502(x: int) -> int:
  return x
def f3503(x: int) -> int:
  return x
def f3504(x: int) -> int:
  return x
def f3505(x: int) -> int:
  return x
def f3506(x: int) -> int:
  return x
def f3507(x: int) -> int:
  return x
def f3508(x: int) -> int:
  return x
def f3509(x: int) -> int:
  return x
def f3510(x: int) -> int:
  return x
def f3511(x: int) -> int:
  return x
def f3512(x: int) -> int:
  return x
def f3513(x: int) -> int:
  return x
def f3514(x: int) -> int:
  return x
def f3515(x: int) -> int:
  return x
def f3516(x: int) -> int:
  return x
def f3517(x: int) -> int:
  return x
def f3518(x: int) -> int:
  return x
def f3519(x: int) -> int:
  return x
def f3520(x: int) -> int:
  return x
def f3521(x: int) -> int:
  return x
def f3522(x: int) -> int:
  return x
def f3523(x: int) -> int:
  return x
def f3524(x: int) -> int:
  return x
def f3525(x: int) -> int:
  return x
def f3526(x: int) -> int:
  return x
def f3527(x: int) -> int:
  return x
def f3528(x: int) -> int:
  return x
def f3529(x: int) -> int:
  return x
def f3530(x: int) -> int:
  return x
def f3531(x: int) -> int:
  return x
def f3532(x: int) -> int:
  return x
def f3533(x: int) -> int:
  return x
def f3534(x: int) -> int:
  return x
def f3535(x: int) -> int:
  return x
def f3536(x: int) -> int:
  return x
def f3537(x: int) -> int:
  return x
def f3538(x: int) -> int:
  return x
def f3539(x: int) -> int:
  return x
def f3540(x: int) -> int:
  return x
def f3541(x: int) -> int:
  return x
def f3542(x: int) -> int:
  return x
def f3543(x: int) -> int:
  return x
def f3544(x: int) -> int:
  return x
def f3545(x: int) -> int:
  return x
def f3546(x: int) -> int:
  return x
def f3547(x: int) -> int:
  return x
def f3548(x: int) -> int:
  return x
def f3549(x: int) -> int:
  return x
def f3550(x: int) -> int:
  return x
def f3551(x: int) -> int:
  return x
def f3552(x: int) -> int:
  return x
def f3553(x: int) -> int:
  return x
def f3554(x: int) -> int:
  return x
def f3555(x: int) -> int:
  return x
def f3556(x: int) -> int:
  return x
def f3557(x: int) -> int:
  return x
def f3558(x: int) -> int:
  return x
def f3559(x: int) -> int:
  return x
def f3560(x: int) -> int:
  return x
def f3561(x: int) -> int:
  return x
def f3562(x: int) -> int:
  return x
def f3563(x: int) -> int:
  return x
def f3564(x: int) -> int:
  return x
def f3565(x: int) -> int:
  return x
def f3566(x: int) -> int:
  return x
def f3567(x: int) -> int:
  return x
def f3568(x: int) -> int:
  return x
def f3569(x: int) -> int:
  return x
def f3570(x: int) -> int:
  return x
def f3571(x: int) -> int:
  return x
def f3572(x: int) -> int:
  return x
def f3573(x: int) -> int:
  return x
def f3574(x: int) -> int:
  return x
def f3575(x: int) -> int:
  return x
def f3576(x: int) -> int:
  return x
def f3577(x: int) -> int:
  return x
def f3578(x: int) -> int:
  return x
def f3579(x: int) -> int:
  return x
def f3580(x: int) -> int:
  return x
def f3581(x: int) -> int:
  return x
def f3582(x: int) -> int:
  return x
def f3583(x: int) -> int:
  return x
def f3584(x: int) -> int:
  return x
def f3585(x: int) -> int:
  return x
def f3586(x: int) -> int:
  return x
def f3587(x: int) -> int:
  return x
def f3588(x: int) -> int:
  return x
def f3589(x: int) -> int:
  return x
def f3590(x: int) -> int:
  return x
def f3591(x: int) -> int:
  return x
def f3592(x: int) -> int:
  return x
def f3593(x: int) -> int:
  return x
def f3594(x: int) -> int:
  return x
def f3595(x: int) -> int:
  return x
def f3596(x: int) -> int:
  return x
def f3597(x: int) -> int:
  return x
def f3598(x: int) -> int:
  return x
def f3599(x: int) -> int:
  return x
def f3600(x: int) -> int:
  return x
def f3601(x: int) -> int:
  return x
def f3602(x: int) -> int:
  return x
def f3603(x: int) -> int:
  return x
def f3604(x: int) -> int:
  return x
def f3605(x: int) -> int:
  return x
def f3606(x: int) -> int:
  return x
def f3607(x: int) -> int:
  return x
def f3608(x: int) -> int:
  return x
def f3609(x: int) -> int:
  return x
def f3610(x: int) -> int:
  return x
def f3611(x: int) -> int:
  return x
def f3612(x: int) -> int:
  return x
def f3613(x: int) -> int:
  return x
def f3614(x: int) -> int:
  return x
def f3615(x: int) -> int:
  return x
def f3616(x: int) -> int:
  return x
def f3617(x: int) -> int:
  return x
def f3618(x: int) -> int:
  return x
def f3619(x: int) -> int:
  return x
def f3620(x: int) -> int:
  return x
def f3621(x: int) -> int:
  return x
def f3622(x: int) -> int:
  return x
def f3623(x: int) -> int:
  return x
def f3624(x: int) -> int:
  return x
def f3625(x: int) -> int:
  return x
def f3626(x: int) -> int:
  return x
def f3627(x: int) -> int:
  return x
def f3628(x: int) -> int:
  return x
def f3629(x: int) -> int:
  return x
def f3630(x: int) -> int:
  return x
def f3631(x: int) -> int:
  return x
def f3632(x: int) -> int:
  return x
def f3633(x: int) -> int:
  return x
def f3634(x: int) -> int:
  return x
def f3635(x: int) -> int:
  return x
def f3636(x: int) -> int:
  return x
def f3637(x: int) -> int:
  return x
def f3638(x: int) -> int:
  return x
def f3639(x: int) -> int:
  return x
def f3640(x: int) -> int:
  return x
def f3641(x: int) -> int:
  return x
def f3642(x: int) -> int:
  return x
def f3643(x: int) -> int:
  return x
def f3644(x: int) -> int:
  return x
def f3645(x: int) -> int:
  return x
def f3646(x: int) -> int:
  return x
def f3647(x: int) -> int:
  return x
def f3648(x: int) -> int:
  return x
def f3649(x: int) -> int:
  return x
def f3650(x: int) -> int:
  return x
def f3651(x: int) -> int:
  return x
def f3652(x: int) -> int:
  return x
def f3653(x: int) -> int:
  return x
def f3654(x: int) -> int:
  return x
def f3655(x: int) -> int:
  return x
def f3656(x: int) -> int:
  return x
def f3657(x: int) -> int:
  return x
def f3658(x: int) -> int:
  return x
def f3659(x: int) -> int:
  return x
def f3660(x: int) -> int:
  return x
def f3661(x: int) -> int:
  return x
def f3662(x: int) -> int:
  return x
def f3663(x: int) -> int:
  return x
def f3664(x: int) -> int:
  return x
def f3665(x: int) -> int:
  return x
def f3666(x: int) -> int:
  return x
def f3667(x: int) -> int:
  return x
def f3668(x: int) -> int:
  return x
def f3669(x: int) -> int:
  return x
def f3670(x: int) -> int:
  return x
def f3671(x: int) -> int:
  return x
def f3672(x: int) -> int:
  return x
def f3673(x: int) -> int:
  return x
def f3674(x: int) -> int:
  return x
def f3675(x: int) -> int:
  return x
def f3676(x: int) -> int:
  return x
def f3677(x: int) -> int:
  return x
def f3678(x: int) -> int:
  return x
def f3679(x: int) -> int:
  return x
def f3680(x: int) -> int:
  return x
def f3681(x: int) -> int:
  return x
def f3682(x: int) -> int:
  return x
def f3683(x: int) -> int:
  return x
def f3684(x: int) -> int:
  return x
def f3685(x: int) -> int:
  return x
def f3686(x: int) -> int:
  return x
def f3687(x: int) -> int:
  return x
def f3688(x: int) -> int:
  return x
def f3689(x: int) -> int:
  return x
def f3690(x: int) -> int:
  return x
def f3691(x: int) -> int:
  return x
def f3692(x: int) -> int:
  return x
def f3693(x: int) -> int:
  return x
def f3694(x: int) -> int:
  return x
def f3695(x: int) -> int:
  return x
def f3696(x: int) -> int:
  return x
def f3697(x: int) -> int:
  return x
def f3698(x: int) -> int:
  return x
def f3699(x: int) -> int:
  return x
def f3700(x: int) -> int:
  return x
def f3701(x: int) -> int:
  return x
def f3702(x: int) -> int:
  return x
def f3703(x: int) -> int:
  return x
def f3704(x: int) -> int:
  return x
def f3705(x: int) -> int:
  return x
def f3706(x: int) -> int:
  return x
def f3707(x: int) -> int:
  return x
def f3708(x: int) -> int:
  return x
def f3709(x: int) -> int:
  return x
def f3710(x: int) -> int:
  return x
def f3711(x: int) -> int:
  return x
def f3712(x: int) -> int:
  return x
def f3713(x: int) -> int:
  return x
def f3714(x: int) -> int:
  return x
def f3715(x: int) -> int:
  return x
def f3716(x: int) -> int:
  return x
def f3717(x: int) -> int:
  return x
def f3718(x: int) -> int:
  return x
def f3719(x: int) -> int:
  return x
def f3720(x: int) -> int:
  return x
def f3721(x: int) -> int:
  return x
def f3722(x: int) -> int:
  return x
def f3723(x: int) -> int:
  return x
def f3724(x: int) -> int:
  return x
def f3725(x: int) -> int:
  return x
def f3726(x: int) -> int:
  return x
def f3727(x: int) -> int:
  return x
def f3728(x: int) -> int:
  return x
def f3729(x: int) -> int:
  return x
def f3730(x: int) -> int:
  return x
def f3731(x: int) -> int:
  return x
def f3732(x: int) -> int:
  return x
def f3733(x: int) -> int:
  return x
def f3734(x: int) -> int:
  return x
def f3735(x: int) -> int:
  return x
def f3736(x: int) -> int:
  return x
def f3737(x: int) -> int:
  return x
def f3738(x: int) -> int:
  return x
def f3739(x: int) -> int:
  return x
def f3740(x: int) -> int:
  return x
def f3741(x: int) -> int:
  return x
def f3742(x: int) -> int:
  return x
def f3743(x: int) -> int:
  return x
def f3744(x: int) -> int:
  return x
def f3745(x: int) -> int:
  return x
def f3746(x: int) -> int:
  return x
def f3747(x: int) -> int:
  return x
def f3748(x: int) -> int:
  return x
def f3749(x: int) -> int:
  return x
def f3750(x: int) -> int:
  return x
def f3751(x: int) -> int:
  return x
def f3752(x: int) -> int:
  return x
def f3753(x: int) -> int:
  return x
def f3754(x: int) -> int:
  return x
def f3755(x: int) -> int:
  return x
def f3756(x: int) -> int:
  return x
def f3757(x: int) -> int:
  return x
def f3758(x: int) -> int:
  return x
def f3759(x: int) -> int:
  return x
def f3760(x: int) -> int:
  return x
def f3761(x: int) -> int:
  return x
def f3762(x: int) -> int:
  return x
def f3763(x: int) -> int:
  return x
def f3764(x: int) -> int:
  return x
def f3765(x: int) -> int:
  return x
def f3766(x: int) -> int:
  return x
def f3767(x: int) -> int:
  return x
def f3768(x: int) -> int:
  return x
def f3769(x: int) -> int:
  return x
def f3770(x: int) -> int:
  return x
def f3771(x: int) -> int:
  return x
def f3772(x: int) -> int:
  return x
def f3773(x: int) -> int:
  return x
def f3774(x: int) -> int:
  return x
def f3775(x: int) -> int:
  return x
def f3776(x: int) -> int:
  return x
def f3777(x: int) -> int:
  return x
def f3778(x: int) -> int:
  return x
def f3779(x: int) -> int:
  return x
def f3780(x: int) -> int:
  return x
def f3781(x: int) -> int:
  return x
def f3782(x: int) -> int:
  return x
def f3783(x: int) -> int:
  return x
def f3784(x: int) -> int:
  return x
def f3785(x: int) -> int:
  return x
def f3786(x: int) -> int:
  return x
def f3787(x: int) -> int:
  return x
def f3788(x: int) -> int:
  return x
def f3789(x: int) -> int:
  return x
def f3790(x: int) -> int:
  return x
def f3791(x: int) -> int:
  return x
def f3792(x: int) -> int:
  return x
def f3793(x: int) -> int:
  return x
def f3794(x: int) -> int:
  return x
def f3795(x: int) -> int:
  return x
def f3796(x: int) -> int:
  return x
def f3797(x: int) -> int:
  return x
def f3798(x: int) -> int:
  return x
def f3799(x: int) -> int:
  return x
def f3800(x: int) -> int:
  return x
def f3801(x: int) -> int:
  return x
def f3802(x: int) -> int:
  return x
def f3803(x: int) -> int:
  return x
def f3804(x: int) -> int:
  return x
def f3805(x: int) -> int:
  return x
def f3806(x: int) -> int:
  return x
def f3807(x: int) -> int:
  return x
def f3808(x: int) -> int:
  return x
def f3809(x: int) -> int:
  return x
def f3810(x: int) -> int:
  return x
def f3811(x: int) -> int:
  return x
def f3812(x: int) -> int:
  return x
def f3813(x: int) -> int:
  return x
def f3814(x: int) -> int:
  return x
def f3815(x: int) -> int:
  return x
def f3816(x: int) -> int:
  return x
def f3817(x: int) -> int:
  return x
def f3818(x: int) -> int:
  return x
def f3819(x: int) -> int:
  return x
def f3820(x: int) -> int:
  return x
def f3821(x: int) -> int:
  return x
def f3822(x: int) -> int:
  return x
def f3823(x: int) -> int:
  return x
def f3824(x: int) -> int:
  return x
def f3825(x: int) -> int:
  return x
def f3826(x: int) -> int:
  return x
def f3827(x: int) -> int:
  return x
def f3828(x: int) -> int:
  return x
def f3829(x: int) -> int:
  return x
def f3830(x: int) -> int:
  return x
def f3831(x: int) -> int:
  return x
def f3832(x: int) -> int:
  return x
def f3833(x: int) -> int:
  return x
def f3834(x: int) -> int:
  return x
def f3835(x: int) -> int:
  return x
def f3836(x: int) -> int:
  return x
def f3837(x: int) -> int:
  return x
def f3838(x: int) -> int:
  return x
def f3839(x: int) -> int:
  return x
def f3840(x: int) -> int:
  return x
def f3841(x: int) -> int:
  return x
def f3842(x: int) -> int:
  return x
def f3843(x: int) -> int:
  return x
def f3844(x: int) -> int:
  return x
def f3845(x: int) -> int:
  return x
def f3846(x: int) -> int:
  return x
def f3847(x: int) -> int:
  return x
def f3848(x: int) -> int:
  return x
def f3849(x: int) -> int:
  return x
def f3850(x: int) -> int:
  return x
def f3851(x: int) -> int:
  return x
def f3852(x: int) -> int:
  return x
def f3853(x: int) -> int:
  return x
def f3854(x: int) -> int:
  return x
def f3855(x: int) -> int:
  return x
def f3856(x: int) -> int:
  return x
def f3857(x: int) -> int:
  return x
def f3858(x: int) -> int:
  return x
def f3859(x: int) -> int:
  return x
def f3860(x: int) -> int:
  return x
def f3861(x: int) -> int:
  return x
def f3862(x: int) -> int:
  return x
def f3863(x: int) -> int:
  return x
def f3864(x: int) -> int:
  return x
def f3865(x: int) -> int:
  return x
def f3866(x: int) -> int:
  return x
def f3867(x: int) -> int:
  return x
def f3868(x: int) -> int:
  return x
def f3869(x: int) -> int:
  return x
def f3870(x: int) -> int:
  return x
def f3871(x: int) -> int:
  return x
def f3872(x: int) -> int:
  return x
def f3873(x: int) -> int:
  return x
def f3874(x: int) -> int:
  return x
def f3875(x: int) -> int:
  return x
def f3876(x: int) -> int:
  return x
def f3877(x: int) -> int:
  return x
def f3878(x: int) -> int:
  return x
def f3879(x: int) -> int:
  return x
def f3880(x: int) -> int:
  return x
def f3881(x: int) -> int:
  return x
def f3882(x: int) -> int:
  return x
def f3883(x: int) -> int:
  return x
def f3884(x: int) -> int:
  return x
def f3885(x: int) -> int:
  return x
def f3886(x: int) -> int:
  return x
def f3887(x: int) -> int:
  return x
def f3888(x: int) -> int:
  return x
def f3889(x: int) -> int:
  return x
def f3890(x: int) -> int:
  return x
def f3891(x: int) -> int:
  return x
def f3892(x: int) -> int:
  return x
def f3893(x: int) -> int:
  return x
def f3894(x: int) -> int:
  return x
def f3895(x: int) -> int:
  return x
def f3896(x: int) -> int:
  return x
def f3897(x: int) -> int:
  return x
def f3898(x: int) -> int:
  return x
def f3899(x: int) -> int:
  return x
def f3900(x: int) -> int:
  return x
def f3901(x: int) -> int:
  return x
def f3902(x: int) -> int:
  return x
def f3903(x: int) -> int:
  return x
def f3904(x: int) -> int:
  return x
def f3905(x: int) -> int:
  return x
def f3906(x: int) -> int:
  return x
def f3907(x: int) -> int:
  return x
def f3908(x: int) -> int:
  return x
def f3909(x: int) -> int:
  return x
def f3910(x: int) -> int:
  return x
def f3911(x: int) -> int:
  return x
def f3912(x: int) -> int:
  return x
def f3913(x: int) -> int:
  return x
def f3914(x: int) -> int:
  return x
def f3915(x: int) -> int:
  return x
def f3916(x: int) -> int:
  return x
def f3917(x: int) -> int:
  return x
def f3918(x: int) -> int:
  return x
def f3919(x: int) -> int:
  return x
def f3920(x: int) -> int:
  return x
def f3921(x: int) -> int:
  return x
def f3922(x: int) -> int:
  return x
def f3923(x: int) -> int:
  return x
def f3924(x: int) -> int:
  return x
def f3925(x: int) -> int:
  return x
def f3926(x: int) -> int:
  return x
def f3927(x: int) -> int:
  return x
def f3928(x: int) -> int:
  return x
def f3929(x: int) -> int:
  return x
def f3930(x: int) -> int:
  return x
def f3931(x: int) -> int:
  return x
def f3932(x: int) -> int:
  return x
def f3933(x: int) -> int:
  return x
def f3934(x: int) -> int:
  return x
def f3935(x: int) -> int:
  return x
def f3936(x: int) -> int:
  return x
def f3937(x: int) -> int:
  return x
def f3938(x: int) -> int:
  return x
def f3939(x: int) -> int:
  return x
def f3940(x: int) -> int:
  return x
def f3941(x: int) -> int:
  return x
def f3942(x: int) -> int:
  return x
def f3943(x: int) -> int:
  return x
def f3944(x: int) -> int:
  return x
def f3945(x: int) -> int:
  return x
def f3946(x: int) -> int:
  return x
def f3947(x: int) -> int:
  return x
def f3948(x: int) -> int:
  return x
def f3949(x: int) -> int:
  return x
def f3950(x: int) -> int:
  return x
def f3951(x: int) -> int:
  return x
def f3952(x: int) -> int:
  return x
def f3953(x: int) -> int:
  return x
def f3954(x: int) -> int:
  return x
def f3955(x: int) -> int:
  return x
def f3956(x: int) -> int:
  return x
def f3957(x: int) -> int:
  return x
def f3958(x: int) -> int:
  return x
def f3959(x: int) -> int:
  return x
def f3960(x: int) -> int:
  return x
def f3961(x: int) -> int:
  return x
def f3962(x: int) -> int:
  return x
def f3963(x: int) -> int:
  return x
def f3964(x: int) -> int:
  return x
def f3965(x: int) -> int:
  return x
def f3966(x: int) -> int:
  return x
def f3967(x: int) -> int:
  return x
def f3968(x: int) -> int:
  return x
def f3969(x: int) -> int:
  return x
def f3970(x: int) -> int:
  return x
def f3971(x: int) -> int:
  return x
def f3972(x: int) -> int:
  return x
def f3973(x: int) -> int:
  return x
def f3974(x: int) -> int:
  return x
def f3975(x: int) -> int:
  return x
def f3976(x: int) -> int:
  return x
def f3977(x: int) -> int:
  return x
def f3978(x: int) -> int:
  return x
def f3979(x: int) -> int:
  return x
def f3980(x: int) -> int:
  return x
def f3981(x: int) -> int:
  return x
def f3982(x: int) -> int:
  return x
def f3983(x: int) -> int:
  return x
def f3984(x: int) -> int:
  return x
def f3985(x: int) -> int:
  return x
def f3986(x: int) -> int:
  return x
def f3987(x: int) -> int:
  return x
def f3988(x: int) -> int:
  return x
def f3989(x: int) -> int:
  return x
def f3990(x: int) -> int:
  return x
def f3991(x: int) -> int:
  return x
def f3992(x: int) -> int:
  return x
def f3993(x: int) -> int:
  return x
def f3994(x: int) -> int:
  return x
def f3995(x: int) -> int:
  return x
def f3996(x: int) -> int:
  return x
def f3997(x: int) -> int:
  return x
def f3998(x: int) -> int:
  return x
def f3999(x: int) -> int:
  return x
def f4000(x: int) -> int:
  return x
def f4001(x: int) -> int:
  return x
def f4002(x: int) -> int:
  return x
def f4003(x: int) -> int:
  return x
def f4004(x: int) -> int:
  return x
def f4005(x: int) -> int:
  return x
def f4006(x: int) -> int:
  return x
def f4007(x: int) -> int:
  return x
def f4008(x: int) -> int:
  return x
def f4009(x: int) -> int:
  return x
def f4010(x: int) -> int:
  return x
def f4011(x: int) -> int:
  return x
def f4012(x: int) -> int:
  return x
def f4013(x: int) -> int:
  return x
def f4014(x: int) -> int:
  return x
def f4015(x: int) -> int:
  return x
def f4016(x: int) -> int:
  return x
def f4017(x: int) -> int:
  return x
def f4018(x: int) -> int:
  return x
def f4019(x: int) -> int:
  return x
def f4020(x: int) -> int:
  return x
def f4021(x: int) -> int:
  return x
def f4022(x: int) -> int:
  return x
def f4023(x: int) -> int:
  return x
def f4024(x: int) -> int:
  return x
def f4025(x: int) -> int:
  return x
def f4026(x: int) -> int:
  return x
def f4027(x: int) -> int:
  return x
def f4028(x: int) -> int:
  return x
def f4029(x: int) -> int:
  return x
def f4030(x: int) -> int:
  return x
def f4031(x: int) -> int:
  return x
def f4032(x: int) -> int:
  return x
def f4033(x: int) -> int:
  return x
def f4034(x: int) -> int:
  return x
def f4035(x: int) -> int:
  return x
def f4036(x: int) -> int:
  return x
def f4037(x: int) -> int:
  return x
def f4038(x: int) -> int:
  return x
def f4039(x: int) -> int:
  return x
def f4040(x: int) -> int:
  return x
def f4041(x: int) -> int:
  return x
def f4042(x: int) -> int:
  return x
def f4043(x: int) -> int:
  return x
def f4044(x: int) -> int:
  return x
def f4045(x: int) -> int:
  return x
def f4046(x: int) -> int:
  return x
def f4047(x: int) -> int:
  return x
def f4048(x: int) -> int:
  return x
def f4049(x: int) -> int:
  return x
def f4050(x: int) -> int:
  return x
def f4051(x: int) -> int:
  return x
def f4052(x: int) -> int:
  return x
def f4053(x: int) -> int:
  return x
def f4054(x: int) -> int:
  return x
def f4055(x: int) -> int:
  return x
def f4056(x: int) -> int:
  return x
def f4057(x: int) -> int:
  return x
def f4058(x: int) -> int:
  return x
def f4059(x: int) -> int:
  return x
def f4060(x: int) -> int:
  return x
def f4061(x: int) -> int:
  return x
def f4062(x: int) -> int:
  return x
def f4063(x: int) -> int:
  return x
def f4064(x: int) -> int:
  return x
def f4065(x: int) -> int:
  return x
def f4066(x: int) -> int:
  return x
def f4067(x: int) -> int:
  return x
def f4068(x: int) -> int:
  return x
def f4069(x: int) -> int:
  return x
def f4070(x: int) -> int:
  return x
def f4071(x: int) -> int:
  return x
def f4072(x: int) -> int:
  return x
def f4073(x: int) -> int:
  return x
def f4074(x: int) -> int:
  return x
def f4075(x: int) -> int:
  return x
def f4076(x: int) -> int:
  return x
def f4077(x: int) -> int:
  return x
def f4078(x: int) -> int:
  return x
def f4079(x: int) -> int:
  return x
def f4080(x: int) -> int:
  return x
def f4081(x: int) -> int:
  return x
def f4082(x: int) -> int:
  return x
def f4083(x: int) -> int:
  return x
def f4084(x: int) -> int:
  return x
def f4085(x: int) -> int:
  return x
def f4086(x: int) -> int:
  return x
def f4087(x: int) -> int:
  return x
def f4088(x: int) -> int:
  return x
def f4089(x: int) -> int:
  return x
def f4090(x: int) -> int:
  return x
def f4091(x: int) -> int:
  return x
def f4092(x: int) -> int:
  return x
def f4093(x: int) -> int:
  return x
def f4094(x: int) -> int:
  return x
def f4095(x: int) -> int:
  return x
def f4096(x: int) -> int:
  return x
def f4097(x: int) -> int:
  return x
def f4098(x: int) -> int:
  return x
def f4099(x: int) -> int:
  return x
def f4100(x: int) -> int:
  return x
def f4101(x: int) -> int:
  return x
def f4102(x: int) -> int:
  return x
def f4103(x: int) -> int:
  return x
def f4104(x: int) -> int:
  return x
def f4105(x: int) -> int:
  return x
def f4106(x: int) -> int:
  return x
def f4107(x: int) -> int:
  return x
def f4108(x: int) -> int:
  return x
def f4109(x: int) -> int:
  return x
def f4110(x: int) -> int:
  return x
def f4111(x: int) -> int:
  return x
def f4112(x: int) -> int:
  return x
def f4113(x: int) -> int:
  return x
def f4114(x: int) -> int:
  return x
def f4115(x: int) -> int:
  return x
def f4116(x: int) -> int:
  return x
def f4117(x: int) -> int:
  return x
def f4118(x: int) -> int:
  return x
def f4119(x: int) -> int:
  return x
def f4120(x: int) -> int:
  return x
def f4121(x: int) -> int:
  return x
def f4122(x: int) -> int:
  return x
def f4123(x: int) -> int:
  return x
def f4124(x: int) -> int:
  return x
def f4125(x: int) -> int:
  return x
def f4126(x: int) -> int:
  return x
def f4127(x: int) -> int:
  return x
def f4128(x: int) -> int:
  return x
def f4129(x: int) -> int:
  return x
def f4130(x: int) -> int:
  return x
def f4131(x: int) -> int:
  return x
def f4132(x: int) -> int:
  return x
def f4133(x: int) -> int:
  return x
def f4134(x: int) -> int:
  return x
def f4135(x: int) -> int:
  return x
def f4136(x: int) -> int:
  return x
def f4137(x: int) -> int:
  return x
def f4138(x: int) -> int:
  return x
def f4139(x: int) -> int:
  return x
def f4140(x: int) -> int:
  return x
def f4141(x: int) -> int:
  return x
def f4142(x: int) -> int:
  return x
def f4143(x: int) -> int:
  return x
def f4144(x: int) -> int:
  return x
def f4145(x: int) -> int:
  return x
def f4146(x: int) -> int:
  return x
def f4147(x: int) -> int:
  return x
def f4148(x: int) -> int:
  return x
def f4149(x: int) -> int:
  return x
def f4150(x: int) -> int:
  return x
def f4151(x: int) -> int:
  return x
def f4152(x: int) -> int:
  return x
def f4153(x: int) -> int:
  return x
def f4154(x: int) -> int:
  return x
def f4155(x: int) -> int:
  return x
def f4156(x: int) -> int:
  return x
def f4157(x: int) -> int:
  return x
def f4158(x: int) -> int:
  return x
def f4159(x: int) -> int:
  return x
def f4160(x: int) -> int:
  return x
def f4161(x: int) -> int:
  return x
def f4162(x: int) -> int:
  return x
def f4163(x: int) -> int:
  return x
def f4164(x: int) -> int:
  return x
def f4165(x: int) -> int:
  return x
def f4166(x: int) -> int:
  return x
def f4167(x: int) -> int:
  return x
def f4168(x: int) -> int:
  return x
def f4169(x: int) -> int:
  return x
def f4170(x: int) -> int:
  return x
def f4171(x: int) -> int:
  return x
def f4172(x: int) -> int:
  return x
def f4173(x: int) -> int:
  return x
def f4174(x: int) -> int:
  return x
def f4175(x: int) -> int:
  return x
def f4176(x: int) -> int:
  return x
def f4177(x: int) -> int:
  return x
def f4178(x: int) -> int:
  return x
def f4179(x: int) -> int:
  return x
def f4180(x: int) -> int:
  return x
def f4181(x: int) -> int:
  return x
def f4182(x: int) -> int:
  return x
def f4183(x: int) -> int:
  return x
def f4184(x: int) -> int:
  return x
def f4185(x: int) -> int:
  return x
def f4186(x: int) -> int:
  return x
def f4187(x: int) -> int:
  return x
def f4188(x: int) -> int:
  return x
def f4189(x: int) -> int:
  return x
def f4190(x: int) -> int:
  return x
def f4191(x: int) -> int:
  return x
def f4192(x: int) -> int:
  return x
def f4193(x: int) -> int:
  return x
def f4194(x: int) -> int:
  return x
def f4195(x: int) -> int:
  return x
def f4196(x: int) -> int:
  return x
def f4197(x: int) -> int:
  return x
def f4198(x: int) -> int:
  return x
def f4199(x: int) -> int:
  return x
def f4200(x: int) -> int:
  return x
def f4201(x: int) -> int:
  return x
def f4202(x: int) -> int:
  return x
def f4203(x: int) -> int:
  return x
def f4204(x: int) -> int:
  return x
def f4205(x: int) -> int:
  return x
def f4206(x: int) -> int:
  return x
def f4207(x: int) -> int:
  return x
def f4208(x: int) -> int:
  return x
def f4209(x: int) -> int:
  return x
def f4210(x: int) -> int:
  return x
def f4211(x: int) -> int:
  return x
def f4212(x: int) -> int:
  return x
def f4213(x: int) -> int:
  return x
def f4214(x: int) -> int:
  return x
def f4215(x: int) -> int:
  return x
def f4216(x: int) -> int:
  return x
def f4217(x: int) -> int:
  return x
def f4218(x: int) -> int:
  return x
def f4219(x: int) -> int:
  return x
def f4220(x: int) -> int:
  return x
def f4221(x: int) -> int:
  return x
def f4222(x: int) -> int:
  return x
def f4223(x: int) -> int:
  return x
def f4224(x: int) -> int:
  return x
def f4225(x: int) -> int:
  return x
def f4226(x: int) -> int:
  return x
def f4227(x: int) -> int:
  return x
def f4228(x: int) -> int:
  return x
def f4229(x: int) -> int:
  return x
def f4230(x: int) -> int:
  return x
def f4231(x: int) -> int:
  return x
def f4232(x: int) -> int:
  return x
def f4233(x: int) -> int:
  return x
def f4234(x: int) -> int:
  return x
def f4235(x: int) -> int:
  return x
def f4236(x: int) -> int:
  return x
def f4237(x: int) -> int:
  return x
def f4238(x: int) -> int:
  return x
def f4239(x: int) -> int:
  return x
def f4240(x: int) -> int:
  return x
def f4241(x: int) -> int:
  return x
def f4242(x: int) -> int:
  return x
def f4243(x: int) -> int:
  return x
def f4244(x: int) -> int:
  return x
def f4245(x: int) -> int:
  return x
def f4246(x: int) -> int:
  return x
def f4247(x: int) -> int:
  return x
def f4248(x: int) -> int:
  return x
def f4249(x: int) -> int:
  return x
def f4250(x: int) -> int:
  return x
def f4251(x: int) -> int:
  return x
def f4252(x: int) -> int:
  return x
def f4253(x: int) -> int:
  return x
def f4254(x: int) -> int:
  return x
def f4255(x: int) -> int:
  return x
def f4256(x: int) -> int:
  return x
def f4257(x: int) -> int:
  return x
def f4258(x: int) -> int:
  return x
def f4259(x: int) -> int:
  return x
def f4260(x: int) -> int:
  return x
def f4261(x: int) -> int:
  return x
def f4262(x: int) -> int:
  return x
def f4263(x: int) -> int:
  return x
def f4264(x: int) -> int:
  return x
def f4265(x: int) -> int:
  return x
def f4266(x: int) -> int:
  return x
def f4267(x: int) -> int:
  return x
def f4268(x: int) -> int:
  return x
def f4269(x: int) -> int:
  return x
def f4270(x: int) -> int:
  return x
def f4271(x: int) -> int:
  return x
def f4272(x: int) -> int:
  return x
def f4273(x: int) -> int:
  return x
def f4274(x: int) -> int:
  return x
def f4275(x: int) -> int:
  return x
def f4276(x: int) -> int:
  return x
def f4277(x: int) -> int:
  return x
def f4278(x: int) -> int:
  return x
def f4279(x: int) -> int:
  return x
def f4280(x: int) -> int:
  return x
def f4281(x: int) -> int:
  return x
def f4282(x: int) -> int:
  return x
def f4283(x: int) -> int:
  return x
def f4284(x: int) -> int:
  return x
def f4285(x: int) -> int:
  return x
def f4286(x: int) -> int:
  return x
def f4287(x: int) -> int:
  return x
def f4288(x: int) -> int:
  return x
def f4289(x: int) -> int:
  return x
def f4290(x: int) -> int:
  return x
def f4291(x: int) -> int:
  return x
def f4292(x: int) -> int:
  return x
def f4293(x: int) -> int:
  return x
def f4294(x: int) -> int:
  return x
def f4295(x: int) -> int:
  return x
def f4296(x: int) -> int:
  return x
def f4297(x: int) -> int:
  return x
def f4298(x: int) -> int:
  return x
def f4299(x: int) -> int:
  return x
def f4300(x: int) -> int:
  return x
def f4301(x: int) -> int:
  return x
def f4302(x: int) -> int:
  return x
def f4303(x: int) -> int:
  return x
def f4304(x: int) -> int:
  return x
def f4305(x: int) -> int:
  return x
def f4306(x: int) -> int:
  return x
def f4307(x: int) -> int:
  return x
def f4308(x: int) -> int:
  return x
def f4309(x: int) -> int:
  return x
def f4310(x: int) -> int:
  return x
def f4311(x: int) -> int:
  return x
def f4312(x: int) -> int:
  return x
def f4313(x: int) -> int:
  return x
def f4314(x: int) -> int:
  return x
def f4315(x: int) -> int:
  return x
def f4316(x: int) -> int:
  return x
def f4317(x: int) -> int:
  return x
def f4318(x: int) -> int:
  return x
def f4319(x: int) -> int:
  return x
def f4320(x: int) -> int:
  return x
def f4321(x: int) -> int:
  return x
def f4322(x: int) -> int:
  return x
def f4323(x: int) -> int:
  return x
def f4324(x: int) -> int:
  return x
def f4325(x: int) -> int:
  return x
def f4326(x: int) -> int:
  return x
def f4327(x: int) -> int:
  return x
def f4328(x: int) -> int:
  return x
def f4329(x: int) -> int:
  return x
def f4330(x: int) -> int:
  return x
def f4331(x: int) -> int:
  return x
def f4332(x: int) -> int:
  return x
def f4333(x: int) -> int:
  return x
def f4334(x: int) -> int:
  return x
def f4335(x: int) -> int:
  return x
def f4336(x: int) -> int:
  return x
def f4337(x: int) -> int:
  return x
def f4338(x: int) -> int:
  return x
def f4339(x: int) -> int:
  return x
def f4340(x: int) -> int:
  return x
def f4341(x: int) -> int:
  return x
def f4342(x: int) -> int:
  return x
def f4343(x: int) -> int:
  return x
def f4344(x: int) -> int:
  return x
def f4345(x: int) -> int:
  return x
def f4346(x: int) -> int:
  return x
def f4347(x: int) -> int:
  return x
def f4348(x: int) -> int:
  return x
def f4349(x: int) -> int:
  return x
def f4350(x: int) -> int:
  return x
def f4351(x: int) -> int:
  return x
def f4352(x: int) -> int:
  return x
def f4353(x: int) -> int:
  return x
def f4354(x: int) -> int:
  return x
def f4355(x: int) -> int:
  return x
def f4356(x: int) -> int:
  return x
def f4357(x: int) -> int:
  return x
def f4358(x: int) -> int:
  return x
def f4359(x: int) -> int:
  return x
def f4360(x: int) -> int:
  return x
def f4361(x: int) -> int:
  return x
def f4362(x: int) -> int:
  return x
def f4363(x: int) -> int:
  return x
def f4364(x: int) -> int:
  return x
def f4365(x: int) -> int:
  return x
def f4366(x: int) -> int:
  return x
def f4367(x: int) -> int:
  return x
def f4368(x: int) -> int:
  return x
def f4369(x: int) -> int:
  return x
def f4370(x: int) -> int:
  return x
def f4371(x: int) -> int:
  return x
def f4372(x: int) -> int:
  return x
def f4373(x: int) -> int:
  return x
def f4374(x: int) -> int:
  return x
def f4375(x: int) -> int:
  return x
def f4376(x: int) -> int:
  return x
def f4377(x: int) -> int:
  return x
def f4378(x: int) -> int:
  return x
def f4379(x: int) -> int:
  return x
def f4380(x: int) -> int:
  return x
def f4381(x: int) -> int:
  return x
def f4382(x: int) -> int:
  return x
def f4383(x: int) -> int:
  return x
def f4384(x: int) -> int:
  return x
def f4385(x: int) -> int:
  return x
def f4386(x: int) -> int:
  return x
def f4387(x: int) -> int:
  return x
def f4388(x: int) -> int:
  return x
def f4389(x: int) -> int:
  return x
def f4390(x: int) -> int:
  return x
def f4391(x: int) -> int:
  return x
def f4392(x: int) -> int:
  return x
def f4393(x: int) -> int:
  return x
def f4394(x: int) -> int:
  return x
def f4395(x: int) -> int:
  return x
def f4396(x: int) -> int:
  return x
def f4397(x: int) -> int:
  return x
def f4398(x: int) -> int:
  return x
def f4399(x: int) -> int:
  return x
def f4400(x: int) -> int:
  return x
def f4401(x: int) -> int:
  return x
def f4402(x: int) -> int:
  return x
def f4403(x: int) -> int:
  return x
def f4404(x: int) -> int:
  return x
def f4405(x: int) -> int:
  return x
def f4406(x: int) -> int:
  return x
def f4407(x: int) -> int:
  return x
def f4408(x: int) -> int:
  return x
def f4409(x: int) -> int:
  return x
def f4410(x: int) -> int:
  return x
def f4411(x: int) -> int:
  return x
def f4412(x: int) -> int:
  return x
def f4413(x: int) -> int:
  return x
def f4414(x: int) -> int:
  return x
def f4415(x: int) -> int:
  return x
def f4416(x: int) -> int:
  return x
def f4417(x: int) -> int:
  return x
def f4418(x: int) -> int:
  return x
def f4419(x: int) -> int:
  return x
def f4420(x: int) -> int:
  return x
def f4421(x: int) -> int:
  return x
def f4422(x: int) -> int:
  return x
def f4423(x: int) -> int:
  return x
def f4424(x: int) -> int:
  return x
def f4425(x: int) -> int:
  return x
def f4426(x: int) -> int:
  return x
def f4427(x: int) -> int:
  return x
def f4428(x: int) -> int:
  return x
def f4429(x: int) -> int:
  return x
def f4430(x: int) -> int:
  return x
def f4431(x: int) -> int:
  return x
def f4432(x: int) -> int:
  return x
def f4433(x: int) -> int:
  return x
def f4434(x: int) -> int:
  return x
def f4435(x: int) -> int:
  return x
def f4436(x: int) -> int:
  return x
def f4437(x: int) -> int:
  return x
def f4438(x: int) -> int:
  return x
def f4439(x: int) -> int:
  return x
def f4440(x: int) -> int:
  return x
def f4441(x: int) -> int:
  return x
def f4442(x: int) -> int:
  return x
def f4443(x: int) -> int:
  return x
def f4444(x: int) -> int:
  return x
def f4445(x: int) -> int:
  return x
def f4446(x: int) -> int:
  return x
def f4447(x: int) -> int:
  return x
def f4448(x: int) -> int:
  return x
def f4449(x: int) -> int:
  return x
def f4450(x: int) -> int:
  return x
def f4451(x: int) -> int:
  return x
def f4452(x: int) -> int:
  return x
def f4453(x: int) -> int:
  return x
def f4454(x: int) -> int:
  return x
def f4455(x: int) -> int:
  return x
def f4456(x: int) -> int:
  return x
def f4457(x: int) -> int:
  return x
def f4458(x: int) -> int:
  return x
def f4459(x: int) -> int:
  return x
def f4460(x: int) -> int:
  return x
def f4461(x: int) -> int:
  return x
def f4462(x: int) -> int:
  return x
def f4463(x: int) -> int:
  return x
def f4464(x: int) -> int:
  return x
def f4465(x: int) -> int:
  return x
def f4466(x: int) -> int:
  return x
def f4467(x: int) -> int:
  return x
def f4468(x: int) -> int:
  return x
def f4469(x: int) -> int:
  return x
def f4470(x: int) -> int:
  return x
def f4471(x: int) -> int:
  return x
def f4472(x: int) -> int:
  return x
def f4473(x: int) -> int:
  return x
def f4474(x: int) -> int:
  return x
def f4475(x: int) -> int:
  return x
def f4476(x: int) -> int:
  return x
def f4477(x: int) -> int:
  return x
def f4478(x: int) -> int:
  return x
def f4479(x: int) -> int:
  return x
def f4480(x: int) -> int:
  return x
def f4481(x: int) -> int:
  return x
def f4482(x: int) -> int:
  return x
def f4483(x: int) -> int:
  return x
def f4484(x: int) -> int:
  return x
def f4485(x: int) -> int:
  return x
def f4486(x: int) -> int:
  return x
def f4487(x: int) -> int:
  return x
def f4488(x: int) -> int:
  return x
def f4489(x: int) -> int:
  return x
def f4490(x: int) -> int:
  return x
def f4491(x: int) -> int:
  return x
def f4492(x: int) -> int:
  return x
def f4493(x: int) -> int:
  return x
def f4494(x: int) -> int:
  return x
def f4495(x: int) -> int:
  return x
def f4496(x: int) -> int:
  return x
def f4497(x: int) -> int:
  return x
def f4498(x: int) -> int:
  return x
def f4499(x: int) -> int:
  return x
def f4500(x: int) -> int:
  return x
def f4501(x: int) -> int:
  return x
def f4502(x: int) -> int:
  return x
def f4503(x: int) -> int:
  return x
def f4504(x: int) -> int:
  return x
def f4505(x: int) -> int:
  return x
def f4506(x: int) -> int:
  return x
def f4507(x: int) -> int:
  return x
def f4508(x: int) -> int:
  return x
def f4509(x: int) -> int:
  return x
def f4510(x: int) -> int:
  return x
def f4511(x: int) -> int:
  return x
def f4512(x: int) -> int:
  return x
def f4513(x: int) -> int:
  return x
def f4514(x: int) -> int:
  return x
def f4515(x: int) -> int:
  return x
def f4516(x: int) -> int:
  return x
def f4517(x: int) -> int:
  return x
def f4518(x: int) -> int:
  return x
def f4519(x: int) -> int:
  return x
def f4520(x: int) -> int:
  return x
def f4521(x: int) -> int:
  return x
def f4522(x: int) -> int:
  return x
def f4523(x: int) -> int:
  return x
def f4524(x: int) -> int:
  return x
def f4525(x: int) -> int:
  return x
def f4526(x: int) -> int:
  return x
def f4527(x: int) -> int:
  return x
def f4528(x: int) -> int:
  return x
def f4529(x: int) -> int:
  return x
def f4530(x: int) -> int:
  return x
def f4531(x: int) -> int:
  return x
def f4532(x: int) -> int:
  return x
def f4533(x: int) -> int:
  return x
def f4534(x: int) -> int:
  return x
def f4535(x: int) -> int:
  return x
def f4536(x: int) -> int:
  return x
def f4537(x: int) -> int:
  return x
def f4538(x: int) -> int:
  return x
def f4539(x: int) -> int:
  return x
def f4540(x: int) -> int:
  return x
def f4541(x: int) -> int:
  return x
def f4542(x: int) -> int:
  return x
def f4543(x: int) -> int:
  return x
def f4544(x: int) -> int:
  return x
def f4545(x: int) -> int:
  return x
def f4546(x: int) -> int:
  return x
def f4547(x: int) -> int:
  return x
def f4548(x: int) -> int:
  return x
def f4549(x: int) -> int:
  return x
def f4550(x: int) -> int:
  return x
def f4551(x: int) -> int:
  return x
def f4552(x: int) -> int:
  return x
def f4553(x: int) -> int:
  return x
def f4554(x: int) -> int:
  return x
def f4555(x: int) -> int:
  return x
def f4556(x: int) -> int:
  return x
def f4557(x: int) -> int:
  return x
def f4558(x: int) -> int:
  return x
def f4559(x: int) -> int:
  return x
def f4560(x: int) -> int:
  return x
def f4561(x: int) -> int:
  return x
def f4562(x: int) -> int:
  return x
def f4563(x: int) -> int:
  return x
def f4564(x: int) -> int:
  return x
def f4565(x: int) -> int:
  return x
def f4566(x: int) -> int:
  return x
def f4567(x: int) -> int:
  return x
def f4568(x: int) -> int:
  return x
def f4569(x: int) -> int:
  return x
def f4570(x: int) -> int:
  return x
def f4571(x: int) -> int:
  return x
def f4572(x: int) -> int:
  return x
def f4573(x: int) -> int:
  return x
def f4574(x: int) -> int:
  return x
def f4575(x: int) -> int:
  return x
def f4576(x: int) -> int:
  return x
def f4577(x: int) -> int:
  return x
def f4578(x: int) -> int:
  return x
def f4579(x: int) -> int:
  return x
def f4580(x: int) -> int:
  return x
def f4581(x: int) -> int:
  return x
def f4582(x: int) -> int:
  return x
def f4583(x: int) -> int:
  return x
def f4584(x: int) -> int:
  return x
def f4585(x: int) -> int:
  return x
def f4586(x: int) -> int:
  return x
def f4587(x: int) -> int:
  return x
def f4588(x: int) -> int:
  return x
def f4589(x: int) -> int:
  return x
def f4590(x: int) -> int:
  return x
def f4591(x: int) -> int:
  return x
def f4592(x: int) -> int:
  return x
def f4593(x: int) -> int:
  return x
def f4594(x: int) -> int:
  return x
def f4595(x: int) -> int:
  return x
def f4596(x: int) -> int:
  return x
def f4597(x: int) -> int:
  return x
def f4598(x: int) -> int:
  return x
def f4599(x: int) -> int:
  return x
def f4600(x: int) -> int:
  return x
def f4601(x: int) -> int:
  return x
def f4602(x: int) -> int:
  return x
def f4603(x: int) -> int:
  return x
def f4604(x: int) -> int:
  return x
def f4605(x: int) -> int:
  return x
def f4606(x: int) -> int:
  return x
def f4607(x: int) -> int:
  return x
def f4608(x: int) -> int:
  return x
def f4609(x: int) -> int:
  return x
def f4610(x: int) -> int:
  return x
def f4611(x: int) -> int:
  return x
def f4612(x: int) -> int:
  return x
def f4613(x: int) -> int:
  return x
def f4614(x: int) -> int:
  return x
def f4615(x: int) -> int:
  return x
def f4616(x: int) -> int:
  return x
def f4617(x: int) -> int:
  return x
def f4618(x: int) -> int:
  return x
def f4619(x: int) -> int:
  return x
def f4620(x: int) -> int:
  return x
def f4621(x: int) -> int:
  return x
def f4622(x: int) -> int:
  return x
def f4623(x: int) -> int:
  return x
def f4624(x: int) -> int:
  return x
def f4625(x: int) -> int:
  return x
def f4626(x: int) -> int:
  return x
def f4627(x: int) -> int:
  return x
def f4628(x: int) -> int:
  return x
def f4629(x: int) -> int:
  return x
def f4630(x: int) -> int:
  return x
def f4631(x: int) -> int:
  return x
def f4632(x: int) -> int:
  return x
def f4633(x: int) -> int:
  return x
def f4634(x: int) -> int:
  return x
def f4635(x: int) -> int:
  return x
def f4636(x: int) -> int:
  return x
def f4637(x: int) -> int:
  return x
def f4638(x: int) -> int:
  return x
def f4639(x: int) -> int:
  return x
def f4640(x: int) -> int:
  return x
def f4641(x: int) -> int:
  return x
def f4642(x: int) -> int:
  return x
def f4643(x: int) -> int:
  return x
def f4644(x: int) -> int:
  return x
def f4645(x: int) -> int:
  return x
def f4646(x: int) -> int:
  return x
def f4647(x: int) -> int:
  return x
def f4648(x: int) -> int:
  return x
def f4649(x: int) -> int:
  return x
def f4650(x: int) -> int:
  return x
def f4651(x: int) -> int:
  return x
def f4652(x: int) -> int:
  return x
def f4653(x: int) -> int:
  return x
def f4654(x: int) -> int:
  return x
def f4655(x: int) -> int:
  return x
def f4656(x: int) -> int:
  return x
def f4657(x: int) -> int:
  return x
def f4658(x: int) -> int:
  return x
def f4659(x: int) -> int:
  return x
def f4660(x: int) -> int:
  return x
def f4661(x: int) -> int:
  return x
def f4662(x: int) -> int:
  return x
def f4663(x: int) -> int:
  return x
def f4664(x: int) -> int:
  return x
def f4665(x: int) -> int:
  return x
def f4666(x: int) -> int:
  return x
def f4667(x: int) -> int:
  return x
def f4668(x: int) -> int:
  return x
def f4669(x: int) -> int:
  return x
def f4670(x: int) -> int:
  return x
def f4671(x: int) -> int:
  return x
def f4672(x: int) -> int:
  return x
def f4673(x: int) -> int:
  return x
def f4674(x: int) -> int:
  return x
def f4675(x: int) -> int:
  return x
def f4676(x: int) -> int:
  return x
def f4677(x: int) -> int:
  return x
def f4678(x: int) -> int:
  return x
def f4679(x: int) -> int:
  return x
def f4680(x: int) -> int:
  return x
def f4681(x: int) -> int:
  return x
def f4682(x: int) -> int:
  return x
def f4683(x: int) -> int:
  return x
def f4684(x: int) -> int:
  return x
def f4685(x: int) -> int:
  return x
def f4686(x: int) -> int:
  return x
def f4687(x: int) -> int:
  return x
def f4688(x: int) -> int:
  return x
def f4689(x: int) -> int:
  return x
def f4690(x: int) -> int:
  return x
def f4691(x: int) -> int:
  return x
def f4692(x: int) -> int:
  return x
def f4693(x: int) -> int:
  return x
def f4694(x: int) -> int:
  return x
def f4695(x: int) -> int:
  return x
def f4696(x: int) -> int:
  return x
def f4697(x: int) -> int:
  return x
def f4698(x: int) -> int:
  return x
def f4699(x: int) -> int:
  return x
def f4700(x: int) -> int:
  return x
def f4701(x: int) -> int:
  return x
def f4702(x: int) -> int:
  return x
def f4703(x: int) -> int:
  return x
def f4704(x: int) -> int:
  return x
def f4705(x: int) -> int:
  return x
def f4706(x: int) -> int:
  return x
def f4707(x: int) -> int:
  return x
def f4708(x: int) -> int:
  return x
def f4709(x: int) -> int:
  return x
def f4710(x: int) -> int:
  return x
def f4711(x: int) -> int:
  return x
def f4712(x: int) -> int:
  return x
def f4713(x: int) -> int:
  return x
def f4714(x: int) -> int:
  return x
def f4715(x: int) -> int:
  return x
def f4716(x: int) -> int:
  return x
def f4717(x: int) -> int:
  return x
def f4718(x: int) -> int:
  return x
def f4719(x: int) -> int:
  return x
def f4720(x: int) -> int:
  return x
def f4721(x: int) -> int:
  return x
def f4722(x: int) -> int:
  return x
def f4723(x: int) -> int:
  return x
def f4724(x: int) -> int:
  return x
def f4725(x: int) -> int:
  return x
def f4726(x: int) -> int:
  return x
def f4727(x: int) -> int:
  return x
def f4728(x: int) -> int:
  return x
def f4729(x: int) -> int:
  return x
def f4730(x: int) -> int:
  return x
def f4731(x: int) -> int:
  return x
def f4732(x: int) -> int:
  return x
def f4733(x: int) -> int:
  return x
def f4734(x: int) -> int:
  return x
def f4735(x: int) -> int:
  return x
def f4736(x: int) -> int:
  return x
def f4737(x: int) -> int:
  return x
def f4738(x: int) -> int:
  return x
def f4739(x: int) -> int:
  return x
def f4740(x: int) -> int:
  return x
def f4741(x: int) -> int:
  return x
def f4742(x: int) -> int:
  return x
def f4743(x: int) -> int:
  return x
def f4744(x: int) -> int:
  return x
def f4745(x: int) -> int:
  return x
def f4746(x: int) -> int:
  return x
def f4747(x: int) -> int:
  return x
def f4748(x: int) -> int:
  return x
def f4749(x: int) -> int:
  return x
def f4750(x: int) -> int:
  return x
def f4751(x: int) -> int:
  return x
def f4752(x: int) -> int:
  return x
def f4753(x: int) -> int:
  return x
def f4754(x: int) -> int:
  return x
def f4755(x: int) -> int:
  return x
def f4756(x: int) -> int:
  return x
def f4757(x: int) -> int:
  return x
def f4758(x: int) -> int:
  return x
def f4759(x: int) -> int:
  return x
def f4760(x: int) -> int:
  return x
def f4761(x: int) -> int:
  return x
def f4762(x: int) -> int:
  return x
def f4763(x: int) -> int:
  return x
def f4764(x: int) -> int:
  return x
def f4765(x: int) -> int:
  return x
def f4766(x: int) -> int:
  return x
def f4767(x: int) -> int:
  return x
def f4768(x: int) -> int:
  return x
def f4769(x: int) -> int:
  return x
def f4770(x: int) -> int:
  return x
def f4771(x: int) -> int:
  return x
def f4772(x: int) -> int:
  return x
def f4773(x: int) -> int:
  return x
def f4774(x: int) -> int:
  return x
def f4775(x: int) -> int:
  return x
def f4776(x: int) -> int:
  return x
def f4777(x: int) -> int:
  return x
def f4778(x: int) -> int:
  return x
def f4779(x: int) -> int:
  return x
def f4780(x: int) -> int:
  return x
def f4781(x: int) -> int:
  return x
def f4782(x: int) -> int:
  return x
def f4783(x: int) -> int:
  return x
def f4784(x: int) -> int:
  return x
def f4785(x: int) -> int:
  return x
def f4786(x: int) -> int:
  return x
def f4787(x: int) -> int:
  return x
def f4788(x: int) -> int:
  return x
def f4789(x: int) -> int:
  return x
def f4790(x: int) -> int:
  return x
def f4791(x: int) -> int:
  return x
def f4792(x: int) -> int:
  return x
def f4793(x: int) -> int:
  return x
def f4794(x: int) -> int:
  return x
def f4795(x: int) -> int:
  return x
def f4796(x: int) -> int:
  return x
def f4797(x: int) -> int:
  return x
def f4798(x: int) -> int:
  return x
def f4799(x: int) -> int:
  return x
def f4800(x: int) -> int:
  return x
def f4801(x: int) -> int:
  return x
def f4802(x: int) -> int:
  return x
def f4803(x: int) -> int:
  return x
def f4804(x: int) -> int:
  return x
def f4805(x: int) -> int:
  return x
def f4806(x: int) -> int:
  return x
def f4807(x: int) -> int:
  return x
def f4808(x: int) -> int:
  return x
def f4809(x: int) -> int:
  return x
def f4810(x: int) -> int:
  return x
def f4811(x: int) -> int:
  return x
def f4812(x: int) -> int:
  return x
def f4813(x: int) -> int:
  return x
def f4814(x: int) -> int:
  return x
def f4815(x: int) -> int:
  return x
def f4816(x: int) -> int:
  return x
def f4817(x: int) -> int:
  return x
def f4818(x: int) -> int:
  return x
def f4819(x: int) -> int:
  return x
def f4820(x: int) -> int:
  return x
def f4821(x: int) -> int:
  return x
def f4822(x: int) -> int:
  return x
def f4823(x: int) -> int:
  return x
def f4824(x: int) -> int:
  return x
def f4825(x: int) -> int:
  return x
def f4826(x: int) -> int:
  return x
def f4827(x: int) -> int:
  return x
def f4828(x: int) -> int:
  return x
def f4829(x: int) -> int:
  return x
def f4830(x: int) -> int:
  return x
def f4831(x: int) -> int:
  return x
def f4832(x: int) -> int:
  return x
def f4833(x: int) -> int:
  return x
def f4834(x: int) -> int:
  return x
def f4835(x: int) -> int:
  return x
def f4836(x: int) -> int:
  return x
def f4837(x: int) -> int:
  return x
def f4838(x: int) -> int:
  return x
def f4839(x: int) -> int:
  return x
def f4840(x: int) -> int:
  return x
def f4841(x: int) -> int:
  return x
def f4842(x: int) -> int:
  return x
def f4843(x: int) -> int:
  return x
def f4844(x: int) -> int:
  return x
def f4845(x: int) -> int:
  return x
def f4846(x: int) -> int:
  return x
def f4847(x: int) -> int:
  return x
def f4848(x: int) -> int:
  return x
def f4849(x: int) -> int:
  return x
def f4850(x: int) -> int:
  return x
def f4851(x: int) -> int:
  return x
def f4852(x: int) -> int:
  return x
def f4853(x: int) -> int:
  return x
def f4854(x: int) -> int:
  return x
def f4855(x: int) -> int:
  return x
def f4856(x: int) -> int:
  return x
def f4857(x: int) -> int:
  return x
def f4858(x: int) -> int:
  return x
def f4859(x: int) -> int:
  return x
def f4860(x: int) -> int:
  return x
def f4861(x: int) -> int:
  return x
def f4862(x: int) -> int:
  return x
def f4863(x: int) -> int:
  return x
def f4864(x: int) -> int:
  return x
def f4865(x: int) -> int:
  return x
def f4866(x: int) -> int:
  return x
def f4867(x: int) -> int:
  return x
def f4868(x: int) -> int:
  return x
def f4869(x: int) -> int:
  return x
def f4870(x: int) -> int:
  return x
def f4871(x: int) -> int:
  return x
def f4872(x: int) -> int:
  return x
def f4873(x: int) -> int:
  return x
def f4874(x: int) -> int:
  return x
def f4875(x: int) -> int:
  return x
def f4876(x: int) -> int:
  return x
def f4877(x: int) -> int:
  return x
def f4878(x: int) -> int:
  return x
def f4879(x: int) -> int:
  return x
def f4880(x: int) -> int:
  return x
def f4881(x: int) -> int:
  return x
def f4882(x: int) -> int:
  return x
def f4883(x: int) -> int:
  return x
def f4884(x: int) -> int:
  return x
def f4885(x: int) -> int:
  return x
def f4886(x: int) -> int:
  return x
def f4887(x: int) -> int:
  return x
def f4888(x: int) -> int:
  return x
def f4889(x: int) -> int:
  return x
def f4890(x: int) -> int:
  return x
def f4891(x: int) -> int:
  return x
def f4892(x: int) -> int:
  return x
def f4893(x: int) -> int:
  return x
def f4894(x: int) -> int:
  return x
def f4895(x: int) -> int:
  return x
def f4896(x: int) -> int:
  return x
def f4897(x: int) -> int:
  return x
def f4898(x: int) -> int:
  return x
def f4899(x: int) -> int:
  return x
def f4900(x: int) -> int:
  return x
def f4901(x: int) -> int:
  return x
def f4902(x: int) -> int:
  return x
def f4903(x: int) -> int:
  return x
def f4904(x: int) -> int:
  return x
def f4905(x: int) -> int:
  return x
def f4906(x: int) -> int:
  return x
def f4907(x: int) -> int:
  return x
def f4908(x: int) -> int:
  return x
def f4909(x: int) -> int:
  return x
def f4910(x: int) -> int:
  return x
def f4911(x: int) -> int:
  return x
def f4912(x: int) -> int:
  return x
def f4913(x: int) -> int:
  return x
def f4914(x: int) -> int:
  return x
def f4915(x: int) -> int:
  return x
def f4916(x: int) -> int:
  return x
def f4917(x: int) -> int:
  return x
def f4918(x: int) -> int:
  return x
def f4919(x: int) -> int:
  return x
def f4920(x: int) -> int:
  return x
def f4921(x: int) -> int:
  return x
def f4922(x: int) -> int:
  return x
def f4923(x: int) -> int:
  return x
def f4924(x: int) -> int:
  return x
def f4925(x: int) -> int:
  return x
def f4926(x: int) -> int:
  return x
def f4927(x: int) -> int:
  return x
def f4928(x: int) -> int:
  return x
def f4929(x: int) -> int:
  return x
def f4930(x: int) -> int:
  return x
def f4931(x: int) -> int:
  return x
def f4932(x: int) -> int:
  return x
def f4933(x: int) -> int:
  return x
def f4934(x: int) -> int:
  return x
def f4935(x: int) -> int:
  return x
def f4936(x: int) -> int:
  return x
def f4937(x: int) -> int:
  return x
def f4938(x: int) -> int:
  return x
def f4939(x: int) -> int:
  return x
def f4940(x: int) -> int:
  return x
def f4941(x: int) -> int:
  return x
def f4942(x: int) -> int:
  return x
def f4943(x: int) -> int:
  return x
def f4944(x: int) -> int:
  return x
def f4945(x: int) -> int:
  return x
def f4946(x: int) -> int:
  return x
def f4947(x: int) -> int:
  return x
def f4948(x: int) -> int:
  return x
def f4949(x: int) -> int:
  return x
def f4950(x: int) -> int:
  return x
def f4951(x: int) -> int:
  return x
def f4952(x: int) -> int:
  return x
def f4953(x: int) -> int:
  return x
def f4954(x: int) -> int:
  return x
def f4955(x: int) -> int:
  return x
def f4956(x: int) -> int:
  return x
def f4957(x: int) -> int:
  return x
def f4958(x: int) -> int:
  return x
def f4959(x: int) -> int:
  return x
def f4960(x: int) -> int:
  return x
def f4961(x: int) -> int:
  return x
def f4962(x: int) -> int:
  return x
def f4963(x: int) -> int:
  return x
def f4964(x: int) -> int:
  return x
def f4965(x: int) -> int:
  return x
def f4966(x: int) -> int:
  return x
def f4967(x: int) -> int:
  return x
def f4968(x: int) -> int:
  return x
def f4969(x: int) -> int:
  return x
def f4970(x: int) -> int:
  return x
def f4971(x: int) -> int:
  return x
def f4972(x: int) -> int:
  return x
def f4973(x: int) -> int:
  return x
def f4974(x: int) -> int:
  return x
def f4975(x: int) -> int:
  return x
def f4976(x: int) -> int:
  return x
def f4977(x: int) -> int:
  return x
def f4978(x: int) -> int:
  return x
def f4979(x: int) -> int:
  return x
def f4980(x: int) -> int:
  return x
def f4981(x: int) -> int:
  return x
def f4982(x: int) -> int:
  return x
def f4983(x: int) -> int:
  return x
def f4984(x: int) -> int:
  return x
def f4985(x: int) -> int:
  return x
def f4986(x: int) -> int:
  return x
def f4987(x: int) -> int:
  return x
def f4988(x: int) -> int:
  return x
def f4989(x: int) -> int:
  return x
def f4990(x: int) -> int:
  return x
def f4991(x: int) -> int:
  return x
def f4992(x: int) -> int:
  return x
def f4993(x: int) -> int:
  return x
def f4994(x: int) -> int:
  return x
def f4995(x: int) -> int:
  return x
def f4996(x: int) -> int:
  return x
def f4997(x: int) -> int:
  return x
def f4998(x: int) -> int:
  return x
def f4999(x: int) -> int:
  return x
def g(x: int) -> int:
  return undefined_name
