<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="32" tileheight="32" tilecount="176" columns="16">
 <image source="terrain.png" width="512" height="352"/>
 <tile id="0">
  <properties>
   <property name="label" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="label" value="dirt"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="label" value="flagstone"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="label" value="dark flagstone"/>
   <property name="light" propertytype="LightLevel" value="dark"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="label" value="undergrowth"/>
   <property name="terrain" propertytype="TerrainKinds" value="difficult"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="label" value="rubble"/>
   <property name="terrain" propertytype="TerrainKinds" value="difficult"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="label" value="water"/>
   <property name="terrain" propertytype="TerrainKinds" value="liquid"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="banes" type="int" value="1"/>
   <property name="label" value="rough water"/>
   <property name="terrain" propertytype="TerrainKinds" value="treacherous,liquid"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="label" value="ice"/>
   <property name="terrain" propertytype="TerrainKinds" value="treacherous"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="label" value="narrow beam"/>
   <property name="terrain" propertytype="TerrainKinds" value="treacherous"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="label" value="bridge planks"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="elevation" type="float" value="-12"/>
   <property name="label" value="chasm"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="label" value="solid rock"/>
   <property name="terrain" propertytype="TerrainKinds" value="impassable"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="label" value="ladder"/>
   <property name="terrain" propertytype="TerrainKinds" value="climbable"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="elevation" type="float" value="5"/>
   <property name="label" value="tower top"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="elevation" type="float" value="3"/>
   <property name="label" value="rampart walk"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="elevation" type="float" value="-4"/>
   <property name="label" value="lower ledge"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="label" value="mud"/>
   <property name="terrain" propertytype="TerrainKinds" value="difficult"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="elevation" type="float" value="-1"/>
   <property name="label" value="deep water"/>
   <property name="terrain" propertytype="TerrainKinds" value="liquid"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="elevation" type="float" value="1"/>
   <property name="label" value="stairs 1"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="elevation" type="float" value="2"/>
   <property name="label" value="stairs 2"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="label" value="climbable rock face"/>
   <property name="terrain" propertytype="TerrainKinds" value="climbable"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="elevation" type="float" value="1"/>
   <property name="label" value="far bank"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="label" value="dim floor"/>
   <property name="light" propertytype="LightLevel" value="dim"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="label" value="wall 0"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="label" value="wall 1"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="label" value="wall 2"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="label" value="wall 3"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="label" value="wall 4"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="label" value="wall 5"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="label" value="wall 6"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="label" value="wall 7"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="label" value="wall 8"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="label" value="wall 9"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="label" value="wall 10"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="label" value="wall 11"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="label" value="wall 12"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="label" value="wall 13"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="label" value="wall 14"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="label" value="wall 15"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="label" value="low wall 0"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="label" value="low wall 1"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="label" value="low wall 2"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="label" value="low wall 3"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="label" value="low wall 4"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="label" value="low wall 5"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="label" value="low wall 6"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="label" value="low wall 7"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="label" value="low wall 8"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="label" value="low wall 9"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="label" value="low wall 10"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="label" value="low wall 11"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="label" value="low wall 12"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="label" value="low wall 13"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
   <property name="label" value="low wall 14"/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
   <property name="label" value="low wall 15"/>
  </properties>
 </tile>
 <tile id="56">
  <properties>
   <property name="label" value="cliff 0"/>
  </properties>
 </tile>
 <tile id="57">
  <properties>
   <property name="label" value="cliff 1"/>
  </properties>
 </tile>
 <tile id="58">
  <properties>
   <property name="label" value="cliff 2"/>
  </properties>
 </tile>
 <tile id="59">
  <properties>
   <property name="label" value="cliff 3"/>
  </properties>
 </tile>
 <tile id="60">
  <properties>
   <property name="label" value="cliff 4"/>
  </properties>
 </tile>
 <tile id="61">
  <properties>
   <property name="label" value="cliff 5"/>
  </properties>
 </tile>
 <tile id="62">
  <properties>
   <property name="label" value="cliff 6"/>
  </properties>
 </tile>
 <tile id="63">
  <properties>
   <property name="label" value="cliff 7"/>
  </properties>
 </tile>
 <tile id="64">
  <properties>
   <property name="label" value="cliff 8"/>
  </properties>
 </tile>
 <tile id="65">
  <properties>
   <property name="label" value="cliff 9"/>
  </properties>
 </tile>
 <tile id="66">
  <properties>
   <property name="label" value="cliff 10"/>
  </properties>
 </tile>
 <tile id="67">
  <properties>
   <property name="label" value="cliff 11"/>
  </properties>
 </tile>
 <tile id="68">
  <properties>
   <property name="label" value="cliff 12"/>
  </properties>
 </tile>
 <tile id="69">
  <properties>
   <property name="label" value="cliff 13"/>
  </properties>
 </tile>
 <tile id="70">
  <properties>
   <property name="label" value="cliff 14"/>
  </properties>
 </tile>
 <tile id="71">
  <properties>
   <property name="label" value="cliff 15"/>
  </properties>
 </tile>
 <tile id="72">
  <properties>
   <property name="label" value="lip 0"/>
  </properties>
 </tile>
 <tile id="73">
  <properties>
   <property name="label" value="lip 1"/>
  </properties>
 </tile>
 <tile id="74">
  <properties>
   <property name="label" value="lip 2"/>
  </properties>
 </tile>
 <tile id="75">
  <properties>
   <property name="label" value="lip 3"/>
  </properties>
 </tile>
 <tile id="76">
  <properties>
   <property name="label" value="lip 4"/>
  </properties>
 </tile>
 <tile id="77">
  <properties>
   <property name="label" value="lip 5"/>
  </properties>
 </tile>
 <tile id="78">
  <properties>
   <property name="label" value="lip 6"/>
  </properties>
 </tile>
 <tile id="79">
  <properties>
   <property name="label" value="lip 7"/>
  </properties>
 </tile>
 <tile id="80">
  <properties>
   <property name="label" value="lip 8"/>
  </properties>
 </tile>
 <tile id="81">
  <properties>
   <property name="label" value="lip 9"/>
  </properties>
 </tile>
 <tile id="82">
  <properties>
   <property name="label" value="lip 10"/>
  </properties>
 </tile>
 <tile id="83">
  <properties>
   <property name="label" value="lip 11"/>
  </properties>
 </tile>
 <tile id="84">
  <properties>
   <property name="label" value="lip 12"/>
  </properties>
 </tile>
 <tile id="85">
  <properties>
   <property name="label" value="lip 13"/>
  </properties>
 </tile>
 <tile id="86">
  <properties>
   <property name="label" value="lip 14"/>
  </properties>
 </tile>
 <tile id="87">
  <properties>
   <property name="label" value="lip 15"/>
  </properties>
 </tile>
 <tile id="88">
  <properties>
   <property name="label" value="shadow 0"/>
  </properties>
 </tile>
 <tile id="89">
  <properties>
   <property name="label" value="shadow 1"/>
  </properties>
 </tile>
 <tile id="90">
  <properties>
   <property name="label" value="shadow 2"/>
  </properties>
 </tile>
 <tile id="91">
  <properties>
   <property name="label" value="shadow 3"/>
  </properties>
 </tile>
 <tile id="92">
  <properties>
   <property name="label" value="shadow 4"/>
  </properties>
 </tile>
 <tile id="93">
  <properties>
   <property name="label" value="shadow 5"/>
  </properties>
 </tile>
 <tile id="94">
  <properties>
   <property name="label" value="shadow 6"/>
  </properties>
 </tile>
 <tile id="95">
  <properties>
   <property name="label" value="shadow 7"/>
  </properties>
 </tile>
 <tile id="96">
  <properties>
   <property name="label" value="canopy 0"/>
  </properties>
 </tile>
 <tile id="97">
  <properties>
   <property name="label" value="canopy 1"/>
  </properties>
 </tile>
 <tile id="98">
  <properties>
   <property name="label" value="canopy 2"/>
  </properties>
 </tile>
 <tile id="99">
  <properties>
   <property name="label" value="canopy 3"/>
  </properties>
 </tile>
 <tile id="100">
  <properties>
   <property name="label" value="canopy 4"/>
  </properties>
 </tile>
 <tile id="101">
  <properties>
   <property name="label" value="canopy 5"/>
  </properties>
 </tile>
 <tile id="102">
  <properties>
   <property name="label" value="canopy 6"/>
  </properties>
 </tile>
 <tile id="103">
  <properties>
   <property name="label" value="canopy 7"/>
  </properties>
 </tile>
 <tile id="104">
  <properties>
   <property name="label" value="canopy 8"/>
  </properties>
 </tile>
 <tile id="105">
  <properties>
   <property name="label" value="canopy 9"/>
  </properties>
 </tile>
 <tile id="106">
  <properties>
   <property name="label" value="canopy 10"/>
  </properties>
 </tile>
 <tile id="107">
  <properties>
   <property name="label" value="canopy 11"/>
  </properties>
 </tile>
 <tile id="108">
  <properties>
   <property name="label" value="canopy 12"/>
  </properties>
 </tile>
 <tile id="109">
  <properties>
   <property name="label" value="canopy 13"/>
  </properties>
 </tile>
 <tile id="110">
  <properties>
   <property name="label" value="canopy 14"/>
  </properties>
 </tile>
 <tile id="111">
  <properties>
   <property name="label" value="canopy 15"/>
  </properties>
 </tile>
 <tile id="112">
  <properties>
   <property name="label" value="fog 0"/>
  </properties>
 </tile>
 <tile id="113">
  <properties>
   <property name="label" value="fog 1"/>
  </properties>
 </tile>
 <tile id="114">
  <properties>
   <property name="label" value="fog 2"/>
  </properties>
 </tile>
 <tile id="115">
  <properties>
   <property name="label" value="fog 3"/>
  </properties>
 </tile>
 <tile id="116">
  <properties>
   <property name="label" value="fog 4"/>
  </properties>
 </tile>
 <tile id="117">
  <properties>
   <property name="label" value="fog 5"/>
  </properties>
 </tile>
 <tile id="118">
  <properties>
   <property name="label" value="fog 6"/>
  </properties>
 </tile>
 <tile id="119">
  <properties>
   <property name="label" value="fog 7"/>
  </properties>
 </tile>
 <tile id="120">
  <properties>
   <property name="label" value="fog 8"/>
  </properties>
 </tile>
 <tile id="121">
  <properties>
   <property name="label" value="fog 9"/>
  </properties>
 </tile>
 <tile id="122">
  <properties>
   <property name="label" value="fog 10"/>
  </properties>
 </tile>
 <tile id="123">
  <properties>
   <property name="label" value="fog 11"/>
  </properties>
 </tile>
 <tile id="124">
  <properties>
   <property name="label" value="fog 12"/>
  </properties>
 </tile>
 <tile id="125">
  <properties>
   <property name="label" value="fog 13"/>
  </properties>
 </tile>
 <tile id="126">
  <properties>
   <property name="label" value="fog 14"/>
  </properties>
 </tile>
 <tile id="127">
  <properties>
   <property name="label" value="fog 15"/>
  </properties>
 </tile>
 <tile id="128">
  <properties>
   <property name="label" value="mist 0"/>
  </properties>
 </tile>
 <tile id="129">
  <properties>
   <property name="label" value="mist 1"/>
  </properties>
 </tile>
 <tile id="130">
  <properties>
   <property name="label" value="mist 2"/>
  </properties>
 </tile>
 <tile id="131">
  <properties>
   <property name="label" value="mist 3"/>
  </properties>
 </tile>
 <tile id="132">
  <properties>
   <property name="label" value="mist 4"/>
  </properties>
 </tile>
 <tile id="133">
  <properties>
   <property name="label" value="mist 5"/>
  </properties>
 </tile>
 <tile id="134">
  <properties>
   <property name="label" value="mist 6"/>
  </properties>
 </tile>
 <tile id="135">
  <properties>
   <property name="label" value="mist 7"/>
  </properties>
 </tile>
 <tile id="136">
  <properties>
   <property name="label" value="mist 8"/>
  </properties>
 </tile>
 <tile id="137">
  <properties>
   <property name="label" value="mist 9"/>
  </properties>
 </tile>
 <tile id="138">
  <properties>
   <property name="label" value="mist 10"/>
  </properties>
 </tile>
 <tile id="139">
  <properties>
   <property name="label" value="mist 11"/>
  </properties>
 </tile>
 <tile id="140">
  <properties>
   <property name="label" value="mist 12"/>
  </properties>
 </tile>
 <tile id="141">
  <properties>
   <property name="label" value="mist 13"/>
  </properties>
 </tile>
 <tile id="142">
  <properties>
   <property name="label" value="mist 14"/>
  </properties>
 </tile>
 <tile id="143">
  <properties>
   <property name="label" value="mist 15"/>
  </properties>
 </tile>
 <tile id="144">
  <properties>
   <property name="label" value="depth 1"/>
  </properties>
 </tile>
 <tile id="145">
  <properties>
   <property name="label" value="depth 2"/>
  </properties>
 </tile>
 <tile id="146">
  <properties>
   <property name="label" value="crenels"/>
  </properties>
 </tile>
 <tile id="147">
  <properties>
   <property name="label" value="arrow slit e"/>
  </properties>
 </tile>
 <tile id="148">
  <properties>
   <property name="label" value="arrow slit w"/>
  </properties>
 </tile>
 <tile id="149">
  <properties>
   <property name="label" value="arrow slit s"/>
  </properties>
 </tile>
 <tile id="150">
  <properties>
   <property name="label" value="arrow slit n"/>
  </properties>
 </tile>
 <tile id="151">
  <properties>
   <property name="label" value="pillar"/>
  </properties>
 </tile>
 <tile id="152">
  <properties>
   <property name="label" value="post"/>
  </properties>
 </tile>
 <tile id="153">
  <properties>
   <property name="label" value="railing n"/>
  </properties>
 </tile>
 <tile id="154">
  <properties>
   <property name="label" value="railing s"/>
  </properties>
 </tile>
 <tile id="155">
  <properties>
   <property name="label" value="broken deck e"/>
  </properties>
 </tile>
 <tile id="156">
  <properties>
   <property name="label" value="broken deck w"/>
  </properties>
 </tile>
 <tile id="157">
  <properties>
   <property name="label" value="darkness"/>
  </properties>
 </tile>
 <tile id="158">
  <properties>
   <property name="label" value="dim"/>
  </properties>
 </tile>
 <tile id="159">
  <properties>
   <property name="label" value="tree"/>
  </properties>
 </tile>
 <tile id="160">
  <properties>
   <property name="label" value="pine"/>
  </properties>
 </tile>
 <tile id="161">
  <properties>
   <property name="label" value="trunk"/>
  </properties>
 </tile>
 <tile id="162">
  <properties>
   <property name="label" value="trunk 00"/>
  </properties>
 </tile>
 <tile id="163">
  <properties>
   <property name="label" value="trunk 10"/>
  </properties>
 </tile>
 <tile id="164">
  <properties>
   <property name="label" value="trunk 01"/>
  </properties>
 </tile>
 <tile id="165">
  <properties>
   <property name="label" value="trunk 11"/>
  </properties>
 </tile>
 <tile id="166">
  <properties>
   <property name="label" value="rock"/>
  </properties>
 </tile>
 <tile id="167">
  <properties>
   <property name="label" value="boulder 00"/>
  </properties>
 </tile>
 <tile id="168">
  <properties>
   <property name="label" value="boulder 10"/>
  </properties>
 </tile>
 <tile id="169">
  <properties>
   <property name="label" value="boulder 01"/>
  </properties>
 </tile>
 <tile id="170">
  <properties>
   <property name="label" value="boulder 11"/>
  </properties>
 </tile>
 <tile id="171">
  <properties>
   <property name="label" value="log w"/>
  </properties>
 </tile>
 <tile id="172">
  <properties>
   <property name="label" value="log m"/>
  </properties>
 </tile>
 <tile id="173">
  <properties>
   <property name="label" value="log e"/>
  </properties>
 </tile>
 <tile id="174">
  <properties>
   <property name="label" value="slick stones"/>
  </properties>
 </tile>
</tileset>
