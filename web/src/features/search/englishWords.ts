// The 6,000 most frequent English words of three letters or more (from the popular-english-words
// list, ISC licence, built from Wikipedia text), for the layout hint: a query that is ordinary
// English is not offered as mistyped Russian. Loaded lazily with the hint (about 17 KB gzip).

const WORDS =
  'aaa abandoned abbey abc abilities ability able aboard abolished aboriginal about above abroad absence absent ' +
  'absolute absolutely abstract abuse academic academy accept acceptable acceptance accepted access accessed ' +
  'accessible accident accidentally acclaim acclaimed accommodate accompanied accomplished accordance according ' +
  'accordingly account accounting accounts accuracy accurate accusations accused achieve achieved achievement ' +
  'achievements acid acknowledged acoustic acquire acquired acquisition acres across act acted acting action ' +
  'actions active actively activist activists activities activity actor actors actress acts actual actually ' +
  'adam adams adaptation adapted add added adding addition additional additionally additions address addressed ' +
  'addresses addressing adds adelaide adequate adjacent admin administered administration administrative ' +
  'administrator administrators adminname admins admiral admission admit admitted adopted adoption adr adult ' +
  'adults advance advanced advantage adventure adventures advertisement advertising advice advised advisor ' +
  'advisory advocacy advocate aerial afc afded afds affair affairs affect affected affiliate affiliated ' +
  'afghanistan afraid africa african after aftermath afternoon afterwards again against age aged agencies ' +
  'agency agenda agent agents ages aggregate aggressive ago agree agreed agreement agrees agricultural ' +
  'agriculture ahead aid aids aim aimed aims air aircraft aired airing airline airlines airport aka alabama ' +
  'alan alaska albert album albums alcohol alex alexander alfred algorithm ali alias alice alien align alive ' +
  'all allegations alleged allegedly allen alliance allied allies allow allowed allowing allows almost alone ' +
  'along alongside alpha already also alt altered alternate alternative although altitude alumni always amateur ' +
  'amazon ambassador amendment america american americans ammunition among amongst amount amounts amsterdam ' +
  'analysis ancestry anchor ancient and anderson andrew andy angel angeles angels angle angry ani animal ' +
  'animals animated animation anime ann anna anne anniversary announced announcement annual annually anonymous ' +
  'another answer answered answers anthology anthony antonio any anybody anymore anyone anything anyway ' +
  'anywhere apart apartment apartments app apparent apparently appeal appeals appear appearance appearances ' +
  'appeared appearing appears apple applicable application applications applied applies apply applying ' +
  'appointed appointment appreciate appreciated approach approached approaches appropriate approval approved ' +
  'approximately apr april arab arabic arbcom arbitrary arbitration arc arch archaeological archbishop ' +
  'architect architects architectural architecture archive archived archives are area areas aren arena ' +
  'argentina argentine args argue argued argues arguing argument arguments arizona arkansas arm armed armenian ' +
  'armies arms army arnold around arranged arrangement arrangements array arrest arrested arrival arrive ' +
  'arrived arrives arriving art arthur article articles artificial artillery artist artistic artists arts ' +
  'artwork asia asian aside ask asked asking asks asp aspect aspects aspx assault assembly assertion assessed ' +
  'assessment assets assigned assignment assist assistance assistant assisted assists associate associated ' +
  'associates association associations assume assumed assuming assumption athens athlete athletes athletic ' +
  'athletics atlanta atlantic atmosphere attached attack attacked attacking attacks attempt attempted ' +
  'attempting attempts attend attendance attended attending attention attitude attorney attract attracted ' +
  'attraction attributed attribution audience audiences audio aug august aunt austin australia australian ' +
  'austria austrian author authored authorities authority authorized authors auto autobiography automated ' +
  'automatic automatically autonomous autumn available avenue average aviation avoid avoided award awarded ' +
  'awards aware awareness away axis azerbaijan baby bachelor back backed background backing bad badly baker ' +
  'balance ball ballet baltimore ban band bands bangladesh bank banking banks banned banner baptist bar barbara ' +
  'barcelona barely baron barry bars base baseball based bases basic basically basin basis basketball bass ' +
  'bassist battalion battery battle battles bay bbc bce beach beam bear bearing bears beat beaten beating ' +
  'beautiful beauty became because become becomes becoming bed been beer before began begin beginning begins ' +
  'begun behalf behavior behaviour behind beijing being belgian belgium belief beliefs believe believed ' +
  'believes believing bell belong belonged belonging belongs below belt ben bench beneath benefit benefits ' +
  'benjamin berlin bernard besides best better between beyond bgcolor bias biased bible bibliography bid big ' +
  'bigger biggest bill billboard billion bills billy bin binding bio biographical biographies biography ' +
  'biological biology bird birds birmingham birth birthday bishop bishops bit bits black blacklisted blank ' +
  'blind block blocked blocking blocks blog blogs blogspot blood blp blue blues board boards boat boats bob ' +
  'bobby bodies body bold bomb bombing bond bone bones bonus book books border borders born borough boss boston ' +
  'bot both bots bottom bought boulevard bound boundaries boundary bowl box boxes boxing boy boys brain branch ' +
  'branches brand brands brazil brazilian break breaking breaks breed breeding brian brick bridge bridges brief ' +
  'briefly brigade bright bring bringing brings bristol britain british broad broadcast broadcasting broadcasts ' +
  'broader broadway broke broken bronze brooklyn brother brothers brought brown browser bruce buddhist budget ' +
  'buffalo build building buildings built bulgaria bulgarian bulk bull bunch bureau burial buried burn burned ' +
  'burning burns bus buses bush business businesses businessman busy but butler button buy bytes cabinet cable ' +
  'calculated calendar california call called calling calls cambridge came camera camp campaign campaigns ' +
  'campbell camps campus can canada canadian canal cancelled cancer candidate candidates cannot canvas cap ' +
  'capabilities capable capacity cape capital caps captain caption capture captured car carbon card cardinal ' +
  'cards care career careful carefully cargo caribbean carl carlos carolina carried carrier carries carry ' +
  'carrying cars carter cartoon carved case cases cash cast castle casualties cat catalog catalogue catch ' +
  'categories category cathedral catherine catholic cats cattle caught cause caused causes causing cavalry cave ' +
  'cbs ccffcc cdp ceased celebrate celebrated celebration celebrity cell cells cemetery census cent center ' +
  'centered centers central centre centres centuries century ceo ceremony certain certainly certificate ' +
  'certified cfcfff cfded chain chair chairman challenge challenged challenges chamber chambers champion ' +
  'champions championship championships chance chancellor change changed changes changing channel channels ' +
  'chapel chapter chapters character characteristic characteristics characterized characters charge charged ' +
  'charges charity charles charlie charlotte chart charter charts chase check checked checking checkuser cheers ' +
  'chemical chemistry chen chess chicago chief child childhood children chile china chinese choice choir choose ' +
  'chorus chose chosen chris christ christian christianity christians christmas christopher church churches cia ' +
  'cinema circa circle circles circuit circular circulation circumstances citation citations cited cites cities ' +
  'citing citizen citizens citizenship city civic civil civilian civilians claim claimed claiming claims clan ' +
  'clarify clark clarke class classes classic classical classification classified clay clean cleaned cleanup ' +
  'clear cleared clearer clearly clerk cleveland click client clients climate clinical clinton clock close ' +
  'closed closely closer closest closing closure clothes clothing cloud club clubs coach coached coaches ' +
  'coaching coal coalition coast coastal coat code codes coffee coi coibot coin coins col cold cole ' +
  'collaborated collaboration collaborative collapse collapsed colleagues collect collected collecting ' +
  'collection collections collective collector college colleges collins colombia colonel colonial colonies ' +
  'colony color colorado colors colour colours colspan columbia column columns com combat combination combined ' +
  'come comedian comedy comes comic comics coming command commanded commander commanding commenced comment ' +
  'commentary commented commenting comments commerce commercial commercially commission commissioned ' +
  'commissioner commitment committed committee committees common commonly commons commonwealth commune ' +
  'communicate communication communications communist communities community compact companies companion company ' +
  'comparable compare compared comparison compensation compete competed competing competition competitions ' +
  'competitive competitors compilation compiled complaint complaints complete completed completely completing ' +
  'completion complex complicated component components composed composer composers composition compositions ' +
  'compound compounds comprehensive comprises comprising compromise computer computers computing concentrated ' +
  'concentration concept concepts concern concerned concerning concerns concert concerts concluded conclusion ' +
  'concrete condition conditions conduct conducted conducting conductor confederate conference conferences ' +
  'confidence configuration confirm confirmed conflict conflicts confused confusing confusion congregation ' +
  'congress congressional conjunction connect connected connecticut connecting connection connections connects ' +
  'consecutive consensus consent consequence consequences consequently conservation conservative consider ' +
  'considerable considerably consideration considered considering considers consist consisted consistent ' +
  'consistently consisting consists conspiracy constant constantly constituency constitute constitution ' +
  'constitutional construct constructed construction consultant consumer consumption contact contain contained ' +
  'containing contains contemporary content contents contest contested context continental continue continued ' +
  'continues continuing continuous contract contracts contrary contrast contribute contributed contributing ' +
  'contribution contributions contributor contributors control controlled controls controversial controversy ' +
  'convention conventional conversation conversion convert converted convicted convince convinced cook cool ' +
  'cooper cooperation coordinates coordinator copied copies copper copy copyright copyrighted copyvio core ' +
  'corner corporate corporation corps correct corrected correctly corresponding corruption cost costa costs ' +
  'cotton could couldn council count counted counter counties countries country counts county coup couple ' +
  'course courses court courts cousin cover coverage covered covering covers craft craig crash crashed crazy ' +
  'create created creates creating creation creative creator credit credited credits creek crew cricket ' +
  'cricketer crime crimes criminal crisis criteria criterion critic critical criticism criticized critics ' +
  'croatian crop crops cross crossed crosses crossing crowd crown crucial crystal csd cuba cult cultural ' +
  'culture cultures cup currency current currently curriculum curve custom customer customers customs cut cuts ' +
  'cutting cycle czech daily dallas dam damage damaged dan dance dancer dancing danger dangerous daniel danish ' +
  'danny dark das data database date dated dates dating daughter daughters dave david davis dawn day days dead ' +
  'deal dealing deals dealt dean death deaths debate debt debut debuted dec decade decades deceased december ' +
  'decent decide decided decides decision decisions deck declaration declared decline declined decorated ' +
  'decrease decree dedicated deemed deep deeply default defeat defeated defeating defence defend defended ' +
  'defending defense defensive define defined defines defining definitely definition defunct degree degrees del ' +
  'delay delayed delete deleted deleting deletion delhi deliberately deliver delivered delivery delta demand ' +
  'demanded demands demo democracy democrat democratic democrats demolished demonstrate demonstrated ' +
  'demonstration den denied denmark dennis density departed department departments departure dependent ' +
  'depending depends depicted depicting depicts deployed deposits depot depression deproded depth deputy der ' +
  'derby derived des descendants descent describe described describes describing description descriptions ' +
  'desert design designated designation designed designer designs desire desired desk despite destination ' +
  'destroy destroyed destruction detail detailed details detected detective determine determined detroit ' +
  'develop developed developer developers developing development developments device devices devil devoted ' +
  'dfffdf dialect dialogue diameter diamond dick dictionary did didn die died diego dies diesel diet differ ' +
  'difference differences different differently difficult difficulties difficulty diffs digital dimensions ' +
  'dinner diocese diploma diplomat diplomatic direct directed directing direction directions directly director ' +
  'directors directory disabled disagree disambiguation disappeared disaster disbanded disc discipline ' +
  'discontinued discover discovered discovers discovery discrimination discuss discussed discusses discussing ' +
  'discussion discussions disease diseases disk dismissed disney display displayed displays dispute disputed ' +
  'disputes disruption disruptive dissolved distance distant distinct distinction distinctive distinguish ' +
  'distinguished distributed distribution district districts div diverse diversity divided divine division ' +
  'divisions divorce divorced dna doctor doctorate doctors doctrine document documentary documentation ' +
  'documented documents does dog dogs doing dollars domain domestic dominant dominated don donald donated done ' +
  'door doors dot double doubles doubt douglas down download downtown dozen dozens draft drafted dragon drama ' +
  'dramatic draw drawing drawings drawn draws dream dreams dress drew drink drinking drive driven driver ' +
  'drivers drives driving drop dropped drove drug drugs drum drummer drums dry dual dubbed dublin due duke duo ' +
  'duration during dutch duties duty dvd dying dyk dynamic dynasty each eagle earl earlier earliest early earn ' +
  'earned earning earth earthquake easier easily east eastern easy eat eating economic economics economy edge ' +
  'edges edinburgh edit edited editing edition editions editor editorial editors edits eds edu educated ' +
  'education educational educator edward edwards efefef effect effective effectively effects efficiency ' +
  'efficient effort efforts egg eggs egypt egyptian eight eighth either elaborate elder eldest elected election ' +
  'elections electoral electric electrical electricity electronic electronics element elementary elements ' +
  'elevated elevation eleven eligible eliminate eliminated elite elizabeth else elsewhere email embassy emerged ' +
  'emergency emerging emotional emperor emphasis empire employed employee employees employment empty enable ' +
  'enabled encounter encountered encourage encouraged encyclopedia encyclopedic end ended endemic ending ' +
  'endorsed ends enemies enemy energy enforcement engage engaged engagement engaging engine engineer ' +
  'engineering engineers engines england english enhanced enjoy enjoyed enlisted enough enrolled ensemble ' +
  'ensure enter entered entering enterprise enters entertainment entire entirely entities entitled entity ' +
  'entrance entrepreneur entries entry environment environmental environments enzyme epic episode episodes ' +
  'equal equally equation equipment equipped equivalent era erected eric error errors escape escaped especially ' +
  'essay essays essential essentially est establish established establishing establishment estate estates ' +
  'estimate estimated estimates etc ethics ethnic europe european evaluation evans eve even evening event ' +
  'events eventual eventually ever every everybody everyday everyone everything evidence evil evolution evolved ' +
  'exact exactly examination example examples excellence excellent except exception exceptions excess excessive ' +
  'exchange exclusive exclusively executed execution executive exercise exhibit exhibited exhibition ' +
  'exhibitions exhibits exile exist existed existence existing exists exit expand expanded expanding expansion ' +
  'expect expected expedition expensive experience experienced experiences experiment experimental experiments ' +
  'expert expertise experts explain explained explaining explains explanation explicit explicitly exploration ' +
  'explore explorer explosion export exposed exposure express expressed expression extend extended extending ' +
  'extends extension extensive extensively extent exterior external extinct extra extraordinary extreme ' +
  'extremely eye eyes fac face facebook faced faces facilitate facilities facility facing fact factor factors ' +
  'factory facts factual faculty fail failed failing fails failure fair fairly faith fake fall fallen falling ' +
  'falls false fame familiar families family famous fan fans fantasy far farm farmer farmers farming farms ' +
  'fashion fast faster fastest fat fate father fault favor favorite favour favourite fear feat feature featured ' +
  'features featuring feb february fed federal federation fee feed feedback feeding feel feeling feelings feels ' +
  'fees feet fefefe fell fellow fellowship felt female females feminist ferry festival festivals few fewer ' +
  'ffffff fiction fictional field fields fifteen fifth fifty fight fighter fighters fighting fights figure ' +
  'figures file filed files fill filled film filmed filming filmmaker films filter final finale finalist ' +
  'finally finals finance financial find finding findings finds fine finish finished finishing finland finnish ' +
  'fire fired firing firm firms first fish fishing fit fitted five fix fixed flag flash flat fled fleet flew ' +
  'flight flights flood flooding floor floors florence florida flow flower flowers flows fluid fly flying focus ' +
  'focused focuses focusing folk follow followed followers following follows fontsize food foods foot footage ' +
  'football footballer footnotes for force forced forces forcing ford foreign forest forests forever forget ' +
  'forgotten fork form formal formally format formation formations formats formed former formerly forming forms ' +
  'formula fort forth fortress fortune forty forum forward foster fought found foundation foundations founded ' +
  'founder founders founding four fourteen fourth fox frame framework fran france franchise francis francisco ' +
  'frank franklin fraud fred frederick free freedom freely freight french frequency frequent frequently fresh ' +
  'fri friday friend friendly friends friendship fringe from front fruit fuel full fully fun function ' +
  'functional functions fund fundamental funded funding funds funeral funny furniture further furthermore ' +
  'future gain gained gaining gallery game gameplay games gaming gang gap garden gardens garrison gary gas gate ' +
  'gates gathered gathering gauge gave gay gear gen gender gene genera general generally generate generated ' +
  'generation generations generic genes genetic genre genres genus geographic geographical geography george ' +
  'georgia german germans germany get gets getting ghost giant giants gift gilbert girl girlfriend girls give ' +
  'given gives giving glasgow glass global globe gng goal goals god goddess gods goes going gold golden golf ' +
  'gone good goods google gordon gospel got gov governed governing government governments governor grace grade ' +
  'grades gradually graduate graduated graduating graduation graham grain grammar grand grandfather grandmother ' +
  'grandson grant granted grants graph graphic graphics grass grave gray great greater greatest greatly greece ' +
  'greek green greg gregory grew grey grid gross ground grounds group groups grove grow growing grown grows ' +
  'growth guard guardian guards guess guest guests guidance guide guideline guidelines guilty guinea guitar ' +
  'guitarist guitars gulf gun guns guy guys habitat had hair half hall hamilton hamlet hammer hampshire han ' +
  'hand handed handful handle handled handling hands hans happen happened happening happens happy harbor ' +
  'harbour hard hardly hardware harm harold harris harrison harry harvard harvey has hasn hat hate have haven ' +
  'having hawaii head headed header heading headquartered headquarters heads health healthcare healthy hear ' +
  'heard hearing heart heat heaven heavily heavy hebrew height heights heir held helen helicopter hell hello ' +
  'help helped helpful helping helps hence henry her herbert here heritage hero heroes herself hey hidden hide ' +
  'high higher highest highlight highlighted highly highway highways hill hills him himself hindu hip hired his ' +
  'historian historians historic historical historically history hit hitler hits hitting hlist hoax hockey hold ' +
  'holder holding holds hole holes holiday holland hollywood holy home homes hometown honest hong honor ' +
  'honorary honored honors honour honours hook hop hope hoped hopefully hopes hoping horizontal horn horror ' +
  'horse horses hospital hospitals host hosted hosting hosts hot hotel hotels hour hours house housed household ' +
  'householder households houses housing houston how howard however htm hub hudson huge hugh hughes hull human ' +
  'humanity humans hundred hundreds hungarian hungary hunt hunter hunting hurricane hurt husband hybrid ian ibn ' +
  'ice icon idea ideal ideas identical identification identified identify identifying identity ifeq ignore ' +
  'ignored iii ill illegal illinois illness illustrate illustrated illustration illustrations image images ' +
  'imagine imdb immediate immediately immigrants immigration imo impact imperial implement implementation ' +
  'implemented implies imply importance important imposed impossible impressed impression impressive imprisoned ' +
  'improve improved improvement improvements improving inappropriate inaugural inc inch inches incident ' +
  'incidents include included includes including inclusion income incomplete incorporated incorrect increase ' +
  'increased increases increasing increasingly incumbent indeed indefinitely independence independent ' +
  'independently index india indian indiana indians indicate indicated indicates indicating indication ' +
  'indigenous individual individuals indonesia indonesian indoor inducted industrial industries industry ' +
  'infantry infection influence influenced influences influential info infobox informal information informed ' +
  'infrastructure inhabitants inhabited inherited initial initially initiated initiative injured injuries ' +
  'injury inland inline inn inner innings innovation innovative input inquiry inscription insects insert inside ' +
  'inspector inspiration inspired installation installed instance instances instead institute institution ' +
  'institutions instruction instructions instructor instrument instrumental instruments insufficient insurance ' +
  'integral integrated integration intellectual intelligence intended intense intent intention interaction ' +
  'interactions interactive interchange interest interested interesting interests interface interim interior ' +
  'intermediate internal international internationally internet interpretation interpreted intersection ' +
  'intervention interview interviewed interviews into introduce introduced introducing introduction invasion ' +
  'invented inventor investigate investigated investigation investigations investment investors invited involve ' +
  'involved involvement involves involving iowa ips iran iranian iraq ireland irish iron irrelevant islam ' +
  'islamic island islands iso isolated israel israeli issue issued issues italian italy item items its itself ' +
  'jack jackson jacob jail james jan jane january japan japanese jason jay jazz jean jeff jefferson jerry ' +
  'jersey jerusalem jesus jet jewish jews jim jimmy job jobs joe john johnny johnson join joined joining joins ' +
  'joint jointly joke jon jonathan jones jordan jos joseph journal journalism journalist journalists journals ' +
  'journey joy jpgfile juan judge judges judgment judicial jul july jump jun junction june junior jurisdiction ' +
  'jury just justice justify kansas karl keep keeping keeps keith kelly ken kennedy kent kentucky kenya kept ' +
  'kevin key keyboard keyboards keys khan kick kid kids kill killed killer killing kills kilometers kilometres ' +
  'kim kind kinds king kingdom kings kiss kitchen kitt knew knight knights know knowing knowledge known knows ' +
  'kong korea korean lab label labels labor laboratory labour lack lacking lacks ladies lady laid lake lakes ' +
  'land landed landing landmark lands landscape lane lang language languages lanka lap large largely larger ' +
  'largest larry larvae las last lasted lasting lat late later latest latin latter launch launched laura law ' +
  'lawrence laws lawsuit lawyer lawyers lay layer layers layout lead leader leaders leadership leading leads ' +
  'leaf league leagues learn learned learning learns least leave leaves leaving lecture lecturer lectures led ' +
  'lee left leg legacy legal legally legend legendary legislation legislative legislature legitimate legs ' +
  'lemmon len length lengthy leo les less lesser lessons let letter letters level levels lewis liberal ' +
  'liberation liberty libraries library licence license licensed licensing lie lies lieutenant life lifestyle ' +
  'lifetime lift light lighting lights like liked likely likes likewise limit limited limits lincoln line ' +
  'linear lines link linked linking links linkwatcher lion lions liquid lisa list listclass listed listen ' +
  'listing lists lit literacy literally literary literature little liu live lived liverpool lives living lloyd ' +
  'load loan local locality locally located location locations lock locomotive locomotives lodge log logic ' +
  'logical logo london long longer longest look looked looking looks loop loose lord los lose losing loss ' +
  'losses lost lot lots louis louisiana love loved lover loves low lower lowest ltd luck luis luke lying lyrics ' +
  'mac machine machines mad made madrid magazine magazines magic magnetic mail main maine mainland mainly ' +
  'mainspace mainstream maintain maintained maintaining maintains maintenance major majority make makes makeup ' +
  'making malaysia male males mall man manage managed management manager managers manages managing manchester ' +
  'manga manhattan manner manor mansion manual manufacture manufactured manufacturer manufacturers ' +
  'manufacturing manuscript manuscripts many map maps mar march margaret margin maria marie marine maritime ' +
  'mark marked market marketing markets marking marks marriage married marry mars marshall martial martin ' +
  'marvel mary maryland mason mass massachusetts massive master masters match matches material materials math ' +
  'mathematical mathematician mathematics matrix matt matter matters matthew mature max maximum may maybe mayor ' +
  'mdash mean meaning means meant meanwhile measure measured measurement measures measuring meat mechanical ' +
  'mechanism mechanisms medal medals media median medical medicine medieval mediterranean medium meet meeting ' +
  'meetings meets melbourne member members membership memorial memories memory men mental mention mentioned ' +
  'mentioning mentions merchant mere merely merge merged merger merging merit mess message messages met metal ' +
  'meter meters method methods metres metro metropolitan mexican mexico miami michael michigan microsoft mid ' +
  'middle middot midnight might migration mike milan mile miles military militia milk mill miller million ' +
  'millions mills min mind mine mines minimal minimum mining minister ministers ministry minnesota minor ' +
  'minority minute minutes mirror miscellaneous misleading miss missed missile missing mission missionary ' +
  'missions mississippi missouri mistake mistakes mit mitchell mix mixed mixing mixture mlb mobile mode model ' +
  'models moderate modern modified modify module molecular moment moments mon monastery monday money monitor ' +
  'monitored monitoring monster month monthly months montreal monument monuments moon moore moral more moreover ' +
  'morgan morning morris moscow mosque most mostly mother motion motor mount mountain mountains mounted mouse ' +
  'mouth move moved movement movements moves movie movies moving mph mrs much muhammad multiple munich ' +
  'municipal municipalities municipality murder murdered murphy murray museum museums music musical musician ' +
  'musicians muslim muslims must mutual myself mysterious mystery name named namely names namespace naming ' +
  'nancy narrative narrow nasa nation national nationalist nationality nationally nations nationwide native ' +
  'nato natural naturally nature naval navbox navigation navy nazi nba nbc ncaa near nearby nearest nearly ' +
  'necessarily necessary neck need needed needing needs negative negotiations neighborhood neighboring ' +
  'neighbouring neil neither nelson nephew net netherlands network networks neutral never nevertheless new ' +
  'newer newly news newspaper newspapers next nfl nhl nice nicholas nick nickname nicknamed nigeria night ' +
  'nights nine nineteenth ninth noble nobody noise nom nominate nominated nominating nomination nominations ' +
  'nominator nominee non none nonetheless nonsense nor normal normally norman north northeast northeastern ' +
  'northern northwest northwestern norway norwegian nose not notability notable notably note noted notes ' +
  'nothing notice noticed noting notion notoc nov nova novel novelist novels november now nowrap npov nuclear ' +
  'number numbered numbers numerous nurse nursing oak obama object objection objections objective objects ' +
  'obscure observation observations observed obtain obtained obvious obviously occasion occasional occasionally ' +
  'occasions occupation occupied occur occurred occurring occurs ocean oct october odd off offense offensive ' +
  'offer offered offering offers office officer officers offices official officially officials often ohio oil ' +
  'okay oklahoma old older oldest oldid oliver olympic olympics once one ones ongoing online only ontario onto ' +
  'onwards open opened opening opens opera operate operated operates operating operation operational operations ' +
  'operator operators opinion opinions opponent opponents opportunities opportunity oppose opposed opposing ' +
  'opposite opposition option optional options oral orange orbit orchestra ordained order ordered orders ' +
  'ordinary oregon organ organic organisation organisations organised organization organizations organized ' +
  'orientation origin original originally originated origins orleans orphaned orthodox other others otherwise ' +
  'ottoman ought our out outbreak outcome outdoor outer outlets output outside outstanding over overall overlap ' +
  'overlaps overseas overview own owned owner owners ownership owns oxford oxygen pace pacific pack package ' +
  'padding page pagename pages paid pain paint painted painter painting paintings pair pairs pakistan pakistani ' +
  'palace pale palestinian palm palomar pan panel panels paper papers parade paragraph paragraphs parallel ' +
  'parameter parameters parent parents paris parish park parker parking parks parliament parliamentary part ' +
  'partial partially participants participate participated participating participation particles particular ' +
  'particularly parties partly partner partners partnership parts party pass passage passed passenger ' +
  'passengers passes passing passion past paste pastor patent path patient patients patrick patrol patrolling ' +
  'patron pattern patterns paul pay paying payment pdf peace peak peaked pedro peer pen penalty pending ' +
  'peninsula pennsylvania people peoples per perceived percent percentage percussion perfect perfectly perform ' +
  'performance performances performed performer performers performing performs perhaps period periods permanent ' +
  'permanently permission permit permitted perry persian person personal personality personally personnel ' +
  'persons perspective peru peter petition phase phd phenomenon phil philadelphia philip philippine philippines ' +
  'phillips philosopher philosophical philosophy phoenix phone photo photograph photographer photographs ' +
  'photography photos php phrase physical physically physician physics pianist piano pick picked picture ' +
  'pictured pictures piece pieces pierre pilot pilots pine pink pioneer pipe pit pitch pitched pitcher ' +
  'pittsburgh place placed places placing plain plan plane planet planned planning plans plant plants plastic ' +
  'plate plates platform platforms platinum play played player players playing playoff playoffs plays ' +
  'playwright plaza please plenty plot plus poem poems poet poetry poets point pointed pointing points poland ' +
  'pole police policies policy polish political politically politician politicians politics poll pond pool poor ' +
  'poorly pop pope popular popularity populated population populations port portal portion portions portland ' +
  'portrait portraits portrayed ports portugal portuguese position positions positive possession possibility ' +
  'possible possibly post posted poster posting posts potential potentially pound pounds pov poverty power ' +
  'powered powerful powers practical practice practiced practices praise praised prayer precedent preceding ' +
  'precise precisely predecessor predominantly prefer preference preferred pregnant preliminary premier ' +
  'premiere premiered preparation prepare prepared preparing presence present presentation presented presenter ' +
  'presenting presents preservation preserve preserved presidency president presidential press pressure ' +
  'prestigious presumably pretty prevent prevented preventing prevention previous previously prey price prices ' +
  'pride priest priests primarily primary prime prince princess principal principle principles print printed ' +
  'printing prior priority prison prisoner prisoners privacy private privately prix prize pro probability ' +
  'probably problem problematic problems procedure procedures proceed proceeded proceedings process processes ' +
  'processing prod proded produce produced producer producers produces producing product production productions ' +
  'products prof profession professional professionals professor profile profit program programme programmes ' +
  'programming programs progress progressive prohibited project projects prominent promise promised promote ' +
  'promoted promoting promotion promotional prompted pronounced proof propaganda proper properly properties ' +
  'property proportion proposal proposals propose proposed prose protagonist protect protected protecting ' +
  'protection protein proteins protest protestant protests protocol prototype prove proved proven provide ' +
  'provided provides providing province provinces provincial provision provisions proximity psychological ' +
  'psychology pub public publication publications publicity publicly publish published publisher publishers ' +
  'publishing puerto pull pulled punishment punk pupils purchase purchased pure purely purple purpose purposes ' +
  'pursue pursued pursuit push pushed pushing pushpin put puts putting qualification qualified qualify ' +
  'qualifying quality quantum quarter quarterback quartet quebec queen queensland question questionable ' +
  'questioned questions quick quickly quiet quit quite quote quoted quotes rabbi race races racial racing radar ' +
  'radiation radical radio raid rail railroad railway railways rain rainfall raise raised raising rally ralph ' +
  'ram ran random range rangers ranges ranging rank ranked ranking ranks rape rapid rapidly rapper rare rarely ' +
  'rate rated rates rather rating ratings ratio rationale raw ray raymond reach reached reaches reaching ' +
  'reaction reactions read reader readers reading reads ready real reality realize realized really rear reason ' +
  'reasonable reasonably reasoning reasons rebel rebellion rebels rebuilt recall recalled receive received ' +
  'receives receiving recent recently reception recipient recognised recognition recognize recognized recommend ' +
  'recommendations recommended reconstruction record recorded recording recordings records recovered recovery ' +
  'recreation recruited recurring red redirect redirected redirects reduce reduced reducing reduction redundant ' +
  'reed refer reference referenced references referred referring refers reflect reflected reflects reform ' +
  'reformed reforms refs refugees refused refuses regard regarded regarding regardless regards regime regiment ' +
  'region regional regions register registered registration regular regularly regulation regulations reign ' +
  'rejected related relating relation relations relationship relationships relative relatively relatives relay ' +
  'release released releases releasing relegated relevant reliability reliable relief religion religious ' +
  'relisted relocated rely remain remainder remained remaining remains remarkable remarks remember remembered ' +
  'remix remote removal remove removed removing renaissance rename renamed renaming rendered renewed renowned ' +
  'repair repeat repeated repeatedly replace replaced replacement replacing reply report reported reportedly ' +
  'reporter reporting reports reportscoibot represent representation representative representatives represented ' +
  'representing represents republic republican reputation request requested requesting requests require ' +
  'required requirement requirements requires requiring res rescue research researcher researchers reserve ' +
  'reserved reserves reservoir residence resident residential residents residing resignation resigned ' +
  'resistance resolution resolve resolved resolves resort resource resources respect respected respective ' +
  'respectively respond responded response responses responsibility responsible rest restaurant restaurants ' +
  'restoration restore restored restricted restrictions result resulted resulting results resumed ret retail ' +
  'retain retained retired retirement retiring retreat retrieved return returned returning returns rev reveal ' +
  'revealed reveals revenge revenue reverse revert reverted reverting reverts review reviewed reviewer ' +
  'reviewers reviewing reviews revised revision revival revolution revolutionary rewrite rfa rfc rhythm rice ' +
  'rich richard richmond rick rico rid ride rider riders ridge riding rifle right rights ring rio rise rises ' +
  'rising risk rival rivals river rivers road roads rob robert roberts robin robinson robot rock rocket rocks ' +
  'rocky roger rogers role roles roll rollbacker rolling roman romance romania romanian romantic rome ron roof ' +
  'room rooms root roots rose ross roster rough roughly round rounded rounds route routes routine row rowspan ' +
  'roy royal rugby ruins rule ruled ruler rules ruling run runner running runs runway rural rush russell russia ' +
  'russian ruth ryan sacred sad safe safety said sailed sailing saint saints sale sales salt sam same sample ' +
  'samples samuel san sanctions sand sandbox sandy sang santa sarah sat satellite satisfy saturday saudi save ' +
  'saved saving saw say saying says scale scandal scattered scene scenes schedule scheduled scheme scholar ' +
  'scholarly scholars scholarship school schools science sciences scientific scientist scientists scope score ' +
  'scored scores scoring scotland scott scottish scout screen screenplay screenwriter script sculptor sculpture ' +
  'sea seal sean search searches searching season seasons seat seats seattle sec second secondary seconds ' +
  'secret secretary section sections sector secure secured security see seed seeds seeing seek seeking seem ' +
  'seemed seemingly seems seen sees segment segments seized select selected selection self sell selling ' +
  'semifinals senate senator send sending senior sense sensitive sent sentence sentenced sentences sep separate ' +
  'separated separately separation september sequel sequence sequences serbia serbian sergeant serial series ' +
  'serious seriously servant serve served server serves service services serving session sessions set sets ' +
  'setting settings settle settled settlement settlements settlers seven seventh several severe severely sex ' +
  'sexual shadow shah shakespeare shall shallow shape shaped share shared shares sharing sharp she sheep sheet ' +
  'shell shelter sheriff shield shift shifted ship shipping ships shock shoot shooting shop shopping shops ' +
  'shore short shorter shortly shot shots should shoulder shouldn show showed showing shown shows shut siblings ' +
  'sick side sides siege sight sign signal signals signature signed significance significant significantly ' +
  'signing signs silent silly silver similar similarly simon simple simply simultaneously sin since sing ' +
  'singapore singer singers singh singing single singles sir sister sisters sit site sites sits sitting ' +
  'situated situation situations six sixteen sixth size ski skill skills skin sky slave slavery slaves sleep ' +
  'slight slightly slow slowly small smaller smart smith smooth snake snow soap soccer social socialist ' +
  'societies society sock sockpuppet sockpuppets socks socorro soft software soil solar sold soldier soldiers ' +
  'sole solely solid solo solution solutions solve some somebody somehow someone something sometime sometimes ' +
  'somewhat somewhere son song songs songwriter sons soon sorry sort sought soul sound sounds soundtrack source ' +
  'sourced sources sourcing south southeast southeastern southern southwest southwestern soviet space spaces ' +
  'spacewatch spain spam span spanish speak speaker speakers speaking speaks special specialist specialized ' +
  'species specific specifically specified specimens spectrum speculation speech speed speedy spell spelled ' +
  'spelling spend spending spent spirit spiritual split spoke spoken sponsored sport sporting sports spot spots ' +
  'spread spring springs squad squadron square sri stability stable stadium staff stage staged stages stake ' +
  'stale stand standard standards standing standings stands stanford stanley star starred starring stars start ' +
  'started starting starts state stated statement statements states stating station stationed stations ' +
  'statistical statistics statue status stay stayed steam steel stem step stephen steps steve steven stewart ' +
  'stick still stock stolen stone stones stood stop stopped stops storage store stored stores stories storm ' +
  'story straight strange strategic strategies strategy streak stream streams street streets strength stress ' +
  'stretch strict strictly strike strikes striking string strings strip stroke strong stronger strongly struck ' +
  'structural structure structures struggle stuart stub stubs student students studied studies studio studios ' +
  'study studying stuff style styles sub subdivision subfamily subject subjects submarine submission submit ' +
  'submitted subsequent subsequently subsidiary substance substantial substantially substitute suburb suburbs ' +
  'succeed succeeded success successful successfully succession successor such suddenly suffered suffering ' +
  'sufficient sufficiently sugar suggest suggested suggesting suggestion suggestions suggests suicide suit ' +
  'suitable suite sullivan sultan sum summaries summary summer summit sun sunday sung super superintendent ' +
  'superior supervision supplement supplied supplies supply support supported supporter supporters supporting ' +
  'supports suppose supposed supposedly supreme sur sure surely surface surfaces surgeon surgery surname ' +
  'surprise surprised surrender surrounded surrounding survey survival survive survived surviving survivors ' +
  'susan suspect suspected suspended suspension sustainable sustained sweden swedish sweet swimming swiss ' +
  'switch switched switzerland sword sydney symbol symbols symphony symptoms synonym synthesis syria sysop ' +
  'system systems table tables tactics tag tagged tags tail taiwan take taken takes taking tale talent tales ' +
  'talk talking talks tall tamil tank tanks tape target targeted targets task tasks taste taught tax taxes ' +
  'taylor tea teach teacher teachers teaching team teams tech technical technically technique techniques ' +
  'technologies technology ted teeth telephone television tell telling tells temperature temperatures template ' +
  'templates temple temples temporarily temporary ten tend tends tennessee tennis tenth tenure term terminal ' +
  'terminus terms terrain territorial territories territory terrorism terrorist terry test tested testing tests ' +
  'texas text texts tfded thai thailand than thank thanks that the theater theatre theatrical their them theme ' +
  'themes themselves then theology theoretical theories theory therapy there thereafter thereby therefore these ' +
  'thesis they thick thin thing things think thinking thinks thinsp third thirteen thirty this thomas thompson ' +
  'thorough those though thought thoughts thousand thousands thread threat threatened threats three threw ' +
  'throne through throughout throw throwing thrown thu thus ticket tie tied tier ties tiger tigers till tim ' +
  'timber time times tiny tip tissue title titled titles toc today together tokyo told tom tomb tone tons tony ' +
  'too took tool tools top topic topics topped toronto total totally touch touchdown tour toured touring ' +
  'tourism tourist tourists tournament tournaments tours toward towards tower towers town towns township track ' +
  'tracks trade traded trading tradition traditional traditionally traditions traffic trail train trained ' +
  'training trains transfer transferred transformation transformed transit transition translated translation ' +
  'translations translator transmission transport transportation travel traveled traveling travelled travelling ' +
  'travels treat treated treatment treaty tree trees trend trial trials tribal tribe tribes tributary tribute ' +
  'tried tries trinity trio trip triple trips trivial troops trophy tropical trouble truck true truly trump ' +
  'trust trusted trustees truth try trying tube tue tune tunnel turkey turkish turn turned turner turning turns ' +
  'twelve twentieth twenty twice twin twitter two type types typical typically ukraine ukrainian ultimate ' +
  'ultimately unable unanimous uncertain uncle unclear uncredited und under undergraduate underground ' +
  'underlying understand understanding understood underwent unencyclopedic unfortunately unfree uniform union ' +
  'unions unique unit united units unity universal universe universities university unknown unless unlike ' +
  'unlikely unnecessary unrelated unreliable unsourced unsuccessful until unused unusual upcoming update ' +
  'updated updates upgraded upload uploaded uploader upon upper upset urban url usa usage use used useful ' +
  'useless user username users uses using usual usually utah utility vague valid valign valley valuable value ' +
  'values van vancouver vandalism vanity var variable variant variants variation variations varied varies ' +
  'varieties variety various vary varying vast vcard vector vehicle vehicles venezuela venice venture venue ' +
  'venues verifiable verified verify verse version versions versus vertical very vessel vessels veteran ' +
  'veterans vfd via vice vicinity victim victims victor victoria victorian victories victory video videos ' +
  'vienna vietnam vietnamese view viewed viewers viewing views villa village villages vincent vinyl viola ' +
  'violate violated violation violations violence violent violin virgin virginia virtual virtually virus ' +
  'visible vision visit visited visiting visitors visits visual vital vocal vocalist vocals voice voiced voices ' +
  'vol volleyball volume volumes volunteer volunteers von vote voted voters votes voting voyage wait waiting ' +
  'wake wales walk walker walking wall wallace walls walter wang want wanted wanting wants war ward warfare ' +
  'warm warned warner warning warnings warrant warren warring warrior warriors wars was washington wasn waste ' +
  'watch watched watching water waters watson wave waves way wayne ways weak wealth wealthy weapon weapons wear ' +
  'wearing weather web website websites wed wedding week weekend weekly weeks weight welcome welfare well wells ' +
  'welsh went were weren west western wet what whatever wheel wheels when whenever where whereas whether which ' +
  'while whilst white whitelisted who whole whom whose why wide widely wider widespread widow width wife wiki ' +
  'wikimedia wikipedia wikipedians wikiproject wikis wild wildlife will william williams willing wilson win ' +
  'wind window windows winds wine wing wings winner winners winning wins winter wire wisconsin wise wish wishes ' +
  'with withdraw withdrawn withdrew within without witness wolf woman women won wonder wondering wood wooden ' +
  'woods word wording words wore work worked worker workers working works workshop workshops world worldwide ' +
  'worn worse worship worst worth worthy would wouldn wounded wrestler wrestling wright write writer writers ' +
  'writes writing writings written wrong wrote yale yang yard yards yeah year years yellow yes yet york ' +
  'yorkshire you young younger youngest your yourself youth youtube zealand zero zone';

export const englishWords: ReadonlySet<string> = new Set(WORDS.split(' '));
